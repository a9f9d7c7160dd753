import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageNav } from '@/components/ui/page-nav';
import { Spinner } from '@/components/ui/spinner';
import { StarRating } from '@/components/ui/star-rating';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { useFileUrl } from '@/lib/use-file-url';
import type { Page } from '@/types/api';

import { getWinnings, type Winning, type WinningSort } from '../api/profiles';
import { SortSelect } from '@/components/ui/sort-select';
import { catalogueText } from '@/lib/catalogue';
import { StoredPicture } from '@/components/ui/stored-picture';

function ReviewCard({ winning }: { winning: Winning }) {
  const { t } = useTranslation('profiles');
  const image = useFileUrl(winning.contest_entry.files?.full_path, { size: 'thumb' });
  return (
    <article className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="review-card">
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-gradient-to-br from-amber-50 to-amber-100 text-2xl">
        {image ? (
          <StoredPicture path={winning.contest_entry.files?.full_path} url={image} alt="" className="h-full w-full object-cover" />
        ) : (
          <svg viewBox="0 0 24 24" className="size-9 text-amber-500" fill="currentColor" aria-hidden="true">
            <path d="M7 3h10v2h3v3a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.3 12H8a4 4 0 0 1-4-4V5h3V3Zm0 4H6v1a2 2 0 0 0 1.2 1.8A5 5 0 0 1 7 8.6V7Zm10 0v1.6c0 .4 0 .8-.2 1.2A2 2 0 0 0 18 8V7h-1Z" />
          </svg>
        )}
      </div>
      <div className="min-w-0 space-y-1">
        <StarRating value={winning.rating ?? 0} />
        <p className="text-sm text-slate-700">
          {t('reviews.heldBy', {
            type: catalogueText(winning.contest.contest_type_title),
            title: winning.contest.title,
            username: winning.created_by_user.username,
          })}
        </p>
        {winning.rating == null && <p className="text-xs text-slate-500">{t('reviews.notRated')}</p>}
      </div>
    </article>
  );
}

/** The Reviews tab: a sort dropdown and a card per winning, with the client's stars; paging. */
export function ReviewsTab({ userId }: { userId: number }) {
  const { t } = useTranslation('profiles');
  const [sort, setSort] = useState<WinningSort>('-created_at');
  const [page, setPage] = useState(1);
  const [winnings, setWinnings] = useState<Page<Winning> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getWinnings(userId, { page, sort }, controller.signal)
      .then(setWinnings)
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [userId, page, sort]);

  return (
    <div className="space-y-4">
      <SortSelect
        value={sort}
        options={[
          { value: '-created_at', label: t('sort.newest') },
          { value: 'created_at', label: t('sort.oldest') },
          { value: '-rating', label: t('sort.ratingHigh') },
          { value: 'rating', label: t('sort.ratingLow') },
        ]}
        onChange={(value) => {
          setSort(value as WinningSort);
          setPage(1);
        }}
      />
      {failure && <p className="text-sm text-rose-700">{failure}</p>}
      {winnings === null ? (
        <Spinner label={t('common:loading')} />
      ) : winnings.data.length === 0 ? (
        <p className="py-10 text-center text-slate-500">{t('empty')}</p>
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          {winnings.data.map((winning) => (
            <ReviewCard key={winning.id} winning={winning} />
          ))}
        </div>
      )}
      {winnings && <PageNav page={page} hasNext={Boolean(winnings.next_page_url)} onPage={setPage} />}
    </div>
  );
}
