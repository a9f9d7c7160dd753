import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PageNav } from '@/components/ui/page-nav';
import { Spinner } from '@/components/ui/spinner';

import type { PagedState } from './use-paged';

export interface Column<T> {
  /** Header text (already translated). */
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned (amounts, counts, actions). */
  end?: boolean;
}

interface AdminTableProps<T> {
  columns: Column<T>[];
  rows: readonly T[] | null;
  rowKey: (row: T) => string | number;
  empty: string;
  failure?: string | null;
  /** PREVIOUS / NEXT under the table when the list is paged. */
  paging?: Pick<PagedState<T>, 'page' | 'hasNext' | 'setPage'>;
  testId?: string;
}

/**
 * The one table of the admin console: a header row, zebra rows that scroll sideways on small
 * screens, a spinner while loading, the list's own empty text, and the pager.
 */
export function AdminTable<T>({ columns, rows, rowKey, empty, failure, paging, testId }: AdminTableProps<T>) {
  const { t } = useTranslation('admin');
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-testid={testId}>
      {failure ? (
        <p role="alert" className="px-5 py-6 text-sm text-red-700">
          {failure}
        </p>
      ) : rows === null ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('loading')} />
        </div>
      ) : rows.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-500">{empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.header}
                    scope="col"
                    className={`whitespace-nowrap px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500 ${column.end ? 'text-right' : 'text-left'}`}
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={rowKey(row)} className="hover:bg-slate-50/70">
                  {columns.map((column) => (
                    <td key={column.header} className={`px-4 py-2.5 align-middle text-slate-700 ${column.end ? 'text-right' : ''}`}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {paging && <PageNav page={paging.page} hasNext={paging.hasNext} onPage={paging.setPage} />}
    </div>
  );
}
