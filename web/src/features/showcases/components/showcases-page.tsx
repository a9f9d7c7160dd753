import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';

import { Alert } from '@/components/ui/alert';
import { PageNav } from '@/components/ui/page-nav';
import { Spinner } from '@/components/ui/spinner';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { isDesigner } from '@/lib/roles';
import { session } from '@/lib/session';

import { getShowcases, type ShowcasePage } from '@/lib/api/showcases';
import { ShowcaseImage } from './showcase-image';

/** /showcases: every signed-in user browses them; designers see theirs and add one. */
export function ShowcasesPage() {
  const { t } = useTranslation('showcases');
  const { user } = useSnapshot(session);
  const [page, setPage] = useState(1);
  const [mineOnly, setMineOnly] = useState(false);
  const [answer, setAnswer] = useState<ShowcasePage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const designer = user !== null && isDesigner(user);

  useEffect(() => {
    const controller = new AbortController();
    getShowcases(page, mineOnly && user ? user.id : null, { signal: controller.signal })
      .then(setAnswer)
      .catch((error: unknown) => !isAbortError(error) && setFailure(errorMessage(error)));
    return () => controller.abort();
  }, [page, mineOnly, user]);

  return (
    <section className="space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
          <p className="text-sm text-slate-600">{t('intro')}</p>
        </div>
        {designer && (
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => {
                setMineOnly((current) => !current);
                setPage(1);
              }}
              className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              {mineOnly ? t('all') : t('mine')}
            </button>
            <Link to="/showcases/new" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700">
              {t('add')}
            </Link>
          </div>
        )}
      </header>
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      {answer === null ? (
        <Spinner label={t('loading')} />
      ) : answer.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">{t('empty')}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="showcase-grid">
          {answer.data.map((showcase) => (
            <li key={showcase.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              <Link to={`/showcases/${showcase.id}`} className="block">
                <ShowcaseImage path={showcase.file?.full_path} title={showcase.title} className="aspect-[4/3] w-full" size="thumb" lazy />
                <div className="p-3">
                  <p className="truncate font-semibold text-slate-900">{showcase.title}</p>
                  <p className="text-xs text-slate-500">{t('by', { username: showcase.created_by_user.username })}</p>
                  {showcase.is_hidden === 1 && <p className="mt-1 text-xs font-medium text-amber-700">{t('hidden')}</p>}
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {answer && (page > 1 || answer.next_page_url != null) && (
        <div className="rounded-xl border border-slate-200 bg-white">
          <PageNav page={page} hasNext={answer.next_page_url != null} onPage={setPage} />
        </div>
      )}
    </section>
  );
}
