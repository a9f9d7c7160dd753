import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Showcase } from '@/lib/api/showcases';
import { formatDate } from '@/lib/dates';

import { getExternalPortfolio, setShowcaseHidden } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { AdminTable, type Column } from '../components/admin-table';
import { ConfirmButton } from '../components/confirm-button';
import { FileThumb } from '../components/file-thumb';
import { usePaged } from '../components/use-paged';

type Designer = Showcase['created_by_user'];

/** The link a designer gave, shortened to its host for the table. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The external portfolio: designers' showcases of work done outside the marketplace, newest
 * first, hidden ones included. An admin opens a piece, follows its link, narrows the list to one
 * designer, and takes a piece off the portfolio (or puts it back) after confirming.
 */
export function ExternalPortfolioPage() {
  const { t } = useTranslation('admin');
  const [designer, setDesigner] = useState<Designer | null>(null);
  const list = usePaged<Showcase>((page, signal) => getExternalPortfolio(page, designer?.id ?? null, signal), String(designer?.id ?? ''));
  const columns: Column<Showcase>[] = [
    {
      header: t('portfolio.piece'),
      cell: (s) => (
        <div className="flex items-center gap-3">
          <FileThumb path={s.file?.full_path} size="size-12" />
          <div className="min-w-0">
            <Link className="font-medium text-slate-900 hover:text-indigo-700 hover:underline" to={`/showcases/${s.id}`}>
              {s.title}
            </Link>
            {s.description && <p className="line-clamp-1 max-w-md text-xs text-slate-500">{s.description}</p>}
          </div>
        </div>
      ),
    },
    {
      header: t('columns.designer'),
      cell: (s) => (
        <button
          type="button"
          className="text-left font-medium text-indigo-700 hover:underline"
          title={t('portfolio.onlyDesigner', { username: s.created_by_user.username })}
          onClick={() => setDesigner(s.created_by_user)}
        >
          {s.created_by_user.username}
        </button>
      ),
    },
    {
      header: t('portfolio.link'),
      cell: (s) =>
        s.url ? (
          <a className="text-indigo-700 hover:underline" href={s.url} target="_blank" rel="noopener noreferrer nofollow">
            {hostOf(s.url)}
          </a>
        ) : (
          '—'
        ),
    },
    { header: t('columns.created'), cell: (s) => formatDate(s.created_at) },
    {
      header: t('columns.status'),
      cell: (s) => (
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${s.is_hidden ? 'bg-amber-50 text-amber-800' : 'bg-green-50 text-green-800'}`}
          data-testid="portfolio-status"
        >
          {s.is_hidden ? t('portfolio.hidden') : t('portfolio.visible')}
        </span>
      ),
    },
    {
      header: t('columns.actions'),
      end: true,
      cell: (s) =>
        s.is_hidden ? (
          <ConfirmButton
            label={t('portfolio.show')}
            title={t('portfolio.showTitle', { title: s.title })}
            body={t('portfolio.showBody')}
            confirmLabel={t('portfolio.show')}
            done={t('portfolio.shown')}
            onConfirm={() => setShowcaseHidden(s.id, false)}
            onDone={list.reload}
          />
        ) : (
          <ConfirmButton
            label={t('portfolio.hide')}
            title={t('portfolio.hideTitle', { title: s.title })}
            body={t('portfolio.hideBody', { username: s.created_by_user.username })}
            confirmLabel={t('portfolio.hide')}
            destructive
            done={t('portfolio.hiddenDone')}
            onConfirm={() => setShowcaseHidden(s.id, true)}
            onDone={list.reload}
          />
        ),
    },
  ];
  return (
    <AdminPage
      title={t('pages.externalPortfolio')}
      intro={t('portfolio.intro')}
      total={list.rows ? list.total : undefined}
      filters={
        designer && (
          <span className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-3 py-1 text-sm text-indigo-800">
            {t('portfolio.designerIs', { username: designer.username })}
            <button type="button" aria-label={t('sales.clearFilter')} className="rounded-full px-1 text-indigo-600 hover:bg-indigo-100" onClick={() => setDesigner(null)}>
              ✕
            </button>
          </span>
        )
      }
    >
      <AdminTable testId="external-portfolio" columns={columns} rows={list.rows} failure={list.failure} rowKey={(s) => s.id} empty={t('portfolio.empty')} paging={list} />
    </AdminPage>
  );
}
