import { useTranslation } from 'react-i18next';

interface PageNavProps {
  page: number;
  /** The server named a next page (`next_page_url`): a next page exists only then. */
  hasNext: boolean;
  onPage: (page: number) => void;
}

/** PREVIOUS (above page 1) and NEXT (when the server names a next page) with the page number. */
export function PageNav({ page, hasNext, onPage }: PageNavProps) {
  const { t } = useTranslation();
  if (page <= 1 && !hasNext) return null;
  return (
    <nav className="flex items-center justify-between border-t border-slate-100 px-5 py-3 text-sm" aria-label={t('pager.label')}>
      {page > 1 ? (
        <button type="button" onClick={() => onPage(page - 1)} className="font-semibold text-indigo-700 hover:underline">
          {t('pager.previous')}
        </button>
      ) : (
        <span />
      )}
      <span className="text-slate-500">{t('pager.page', { page })}</span>
      {hasNext ? (
        <button type="button" onClick={() => onPage(page + 1)} className="font-semibold text-indigo-700 hover:underline">
          {t('pager.next')}
        </button>
      ) : (
        <span />
      )}
    </nav>
  );
}
