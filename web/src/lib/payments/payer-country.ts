import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';

import { api, ok } from '@/lib/api-client';
import { session } from '@/lib/session';

/** The region of a language tag (`es-AR` -> `AR`), or null. */
export function regionOf(tag: string | undefined): string | null {
  const region = tag?.split('-')[1];
  return region && /^[A-Za-z]{2}$/.test(region) ? region.toUpperCase() : null;
}

/**
 * The payer's country as Stripe takes it (ISO 3166-1 alpha-2): the profile's country, else the
 * browser's region, else null (the element's own default). `undefined` while the profile's is read.
 */
export function usePayerCountry(): string | null | undefined {
  const { user } = useSnapshot(session);
  const countryId = user?.detail?.country_id ?? null;
  const fallback = regionOf(typeof navigator === 'undefined' ? undefined : navigator.language);
  const [found, setFound] = useState<{ id: number; iso2: string | null } | null>(null);

  useEffect(() => {
    if (countryId === null) return undefined;
    const controller = new AbortController();
    ok(api.GET('/countries/{id}', { params: { path: { id: countryId } }, signal: controller.signal }))
      .then(({ data }) => setFound({ id: countryId, iso2: data.iso2 || null }))
      .catch(() => {
        if (!controller.signal.aborted) setFound({ id: countryId, iso2: null });
      });
    return () => controller.abort();
  }, [countryId]);

  if (countryId === null) return fallback;
  if (found === null || found.id !== countryId) return undefined;
  return found.iso2 ?? fallback;
}
