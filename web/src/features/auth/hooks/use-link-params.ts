import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

import { rememberLinkParams } from '../referral';

/** Keeps the entry link's `ref`, `sendMessageTo` and `invite` (login, sign-up, launch). */
export function useLinkParams(): void {
  const [search] = useSearchParams();
  const key = search.toString();
  useEffect(() => {
    rememberLinkParams(new URLSearchParams(key));
  }, [key]);
}
