import { useCallback, useEffect, useState } from 'react';

import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';

import type { Paged } from '../api/types';

export interface PagedState<T> {
  rows: T[] | null;
  total: number;
  page: number;
  hasNext: boolean;
  failure: string | null;
  setPage: (page: number) => void;
  /** Loads the current page again (after an action changed a row). */
  reload: () => void;
}

/**
 * One admin list, page by page: `fetchPage` is called again when the page, `key` (the
 * filters, as a string) or a reload changes; an answer that arrives late is dropped.
 */
export function usePaged<T>(
  fetchPage: (page: number, signal: AbortSignal) => Promise<Paged<T>>,
  key: string,
): PagedState<T> {
  // The page belongs to the filters it was chosen under: new filters start from page 1.
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  const setPage = useCallback((next: number) => setPaging({ key, page: next }), [key]);
  const [rows, setRows] = useState<T[] | null>(null);
  const [total, setTotal] = useState(0);
  const [hasNext, setHasNext] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchPage(page, controller.signal)
      .then((answer) => {
        setFailure(null);
        setRows(answer.data);
        setTotal(answer.total);
        setHasNext(Boolean(answer.next_page_url));
      })
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
    // fetchPage is rebuilt each render; `key` names what it depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, key, generation]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { rows, total, page, hasNext, failure, setPage, reload };
}
