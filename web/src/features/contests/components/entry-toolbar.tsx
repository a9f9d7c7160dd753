import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { FilterStats } from '../api/filter-stats';
import type { EntryQuery, EntrySort, EntryStatusFilter } from '../api/get-entries';

const SELECT =
  'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-sm focus:ring-2 focus:ring-indigo-500 focus:outline-none';

interface EntryToolbarProps {
  query: EntryQuery;
  isOwner: boolean;
  /** Entry counts beside each filter (GET /contests/{id}/filter-stats), once loaded. */
  counts?: FilterStats | null;
  onChange: (query: EntryQuery) => void;
}

/** Sort and filters of the entries grid; any change goes back to page 1. */
export function EntryToolbar({ query, isOwner, counts = null, onChange }: EntryToolbarProps) {
  const { t } = useTranslation('contests');
  const [designer, setDesigner] = useState(query.designer);
  const count = (label: string, n: number | undefined) => (n === undefined ? label : `${label} (${n})`);
  const set = (changes: Partial<EntryQuery>) => onChange({ ...query, ...changes, page: 1 });
  function handleDesigner(event: FormEvent) {
    event.preventDefault();
    set({ designer });
  }
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <label className="flex items-center gap-2 text-sm text-slate-600">
        {t('toolbar.sort')}
        <select aria-label={t('toolbar.sortEntries')} value={query.sort} onChange={(e) => set({ sort: e.target.value as EntrySort })} className={SELECT}>
          <option value="newest">{t('toolbar.newest')}</option>
          <option value="oldest">{t('toolbar.oldest')}</option>
          <option value="likes">{t('toolbar.likes')}</option>
          {isOwner && <option value="rating">{t('toolbar.rating')}</option>}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-600">
        {t('toolbar.show')}
        <select aria-label={t('toolbar.filterStatus')} value={query.status} onChange={(e) => set({ status: e.target.value as EntryStatusFilter })} className={SELECT}>
          <option value="">{count(t('toolbar.all'), counts?.all)}</option>
          <option value="active">{count(t('toolbar.active'), counts?.active)}</option>
          <option value="eliminated">{count(t('toolbar.eliminated'), counts?.eliminated)}</option>
        </select>
      </label>
      {counts && (
        <p className="text-xs text-slate-500" data-testid="filter-stats">
          {t('toolbar.designers', { count: counts.designers })}
          {counts.winners > 0 && ` · ${t('toolbar.winners', { count: counts.winners })}`}
          {counts.mine != null && counts.mine > 0 && ` · ${t('toolbar.mine', { count: counts.mine })}`}
          {counts.rated != null && ` · ${t('toolbar.rated', { count: counts.rated })}`}
        </p>
      )}
      <form onSubmit={handleDesigner} className="ml-auto flex items-center gap-2">
        <input
          value={designer}
          onChange={(e) => setDesigner(e.target.value)}
          placeholder={t('toolbar.designer')}
          aria-label={t('toolbar.filterDesigner')}
          className={`${SELECT} w-44`}
        />
        <button type="submit" className="rounded-md bg-slate-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700">
          {t('toolbar.filter')}
        </button>
      </form>
    </div>
  );
}

/** Previous / next with the page number (48 entries a page). */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('contests');
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('toolbar.pages')} className="flex items-center justify-center gap-3 text-sm">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 disabled:opacity-40">
        {t('toolbar.previous')}
      </button>
      <span className="text-slate-600">
        {t('toolbar.pageOf', { page, pages })}
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 disabled:opacity-40">
        {t('toolbar.next')}
      </button>
    </nav>
  );
}
