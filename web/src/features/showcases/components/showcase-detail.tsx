import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSnapshot } from 'valtio';

import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { isAdmin } from '@/lib/roles';
import { session } from '@/lib/session';

import { getShowcase, type Showcase } from '@/lib/api/showcases';
import { ShowcaseImage } from './showcase-image';

/** /showcases/:id: one showcase, with Edit for its designer and admins. */
export function ShowcaseDetail() {
  const { t } = useTranslation('showcases');
  const { showcaseId } = useParams();
  const { user } = useSnapshot(session);
  const [showcase, setShowcase] = useState<Showcase | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getShowcase(Number(showcaseId), { signal: controller.signal })
      .then(setShowcase)
      .catch((error: unknown) => !isAbortError(error) && setFailure(errorMessage(error)));
    return () => controller.abort();
  }, [showcaseId]);

  if (failure) return <Alert>{failure}</Alert>;
  if (showcase === null) return <Spinner label={t('loading')} />;
  const mayEdit = user !== null && (user.id === showcase.created_by_user.id || isAdmin(user));
  const designer = showcase.created_by_user;
  return (
    <article className="mx-auto max-w-3xl space-y-4" data-testid="showcase-detail">
      <Link to="/showcases" className="text-sm font-medium text-indigo-700 hover:underline">
        ← {t('back')}
      </Link>
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <ShowcaseImage path={showcase.file?.full_path} title={showcase.title} className="max-h-[28rem] min-h-48 w-full" size="medium" />
        <div className="space-y-3 p-5">
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-2xl font-bold text-slate-900">{showcase.title}</h1>
            {mayEdit && (
              <Link to={`/showcases/${showcase.id}/edit`} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
                {t('edit')}
              </Link>
            )}
          </div>
          <div className="flex items-center gap-2 text-sm text-slate-600">
            <Avatar path={designer.profile_picture?.full_path} name={designer.username} size="sm" />
            {t('by', { username: designer.username })}
          </div>
          {showcase.is_hidden === 1 && <p className="text-sm font-medium text-amber-700">{t('hidden')}</p>}
          {showcase.description && <p className="whitespace-pre-line text-slate-700">{showcase.description}</p>}
          {showcase.url && (
            <a href={showcase.url} target="_blank" rel="noopener noreferrer" className="inline-block text-sm font-semibold text-indigo-700 hover:underline">
              {t('visit')} ↗
            </a>
          )}
        </div>
      </div>
    </article>
  );
}
