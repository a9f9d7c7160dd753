import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageNav } from '@/components/ui/page-nav';
import { Spinner } from '@/components/ui/spinner';
import { getLikes, like, unlike, type Liker } from '@/lib/api/reactions';
import { LikeButton } from '@/components/ui/like-button';
import { LikersTooltip } from '@/components/likers-tooltip';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useLazyFileUrl } from '@/lib/use-file-url';
import type { Page } from '@/types/api';

import { getPortfolio, getPortfolioCategories, type PortfolioCategory, type PortfolioItem, type PortfolioSort } from '../api/profiles';
import { SortSelect } from '@/components/ui/sort-select';
import { catalogueText } from '@/lib/catalogue';
import { StoredPicture } from '@/components/ui/stored-picture';
import { PortfolioFilters } from './portfolio-filters';

const SORTS: { value: PortfolioSort; key: string }[] = [
  { value: '-created_at', key: 'sort.newest' },
  { value: 'created_at', key: 'sort.oldest' },
  { value: '-rating', key: 'sort.ratingHigh' },
  { value: 'rating', key: 'sort.ratingLow' },
];

/** The heart of an entry item with, on hover, who liked it, each marked Designer or Contest Holder. */
function PortfolioHeart({ item, canLike }: { item: PortfolioItem; canLike: boolean }) {
  const [liked, setLiked] = useState(item.auth_user_reactions.some((r) => r.emoji_reaction_id === 1));
  const [count, setCount] = useState(item.like_reactions_count);
  const [likers, setLikers] = useState<Liker[] | null>(null);
  const [shown, setShown] = useState(false);
  const contestId = item.contest_id;
  const entryId = item.contest_entry_id;
  if (contestId === null || contestId === undefined || entryId === null || entryId === undefined) return null;

  function show() {
    setShown(true);
    if (count === 0 || contestId == null || entryId == null) return;
    getLikes(contestId, entryId)
      .then(({ users }) => setLikers(users))
      .catch(() => undefined);
  }

  async function toggle() {
    if (contestId == null || entryId == null) return;
    try {
      const answer = liked ? await unlike(contestId, entryId) : await like(contestId, entryId);
      setLiked(!liked);
      setCount(answer.count);
      setLikers(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <span className="relative inline-flex" onMouseEnter={show} onMouseLeave={() => setShown(false)} onFocus={show} onBlur={() => setShown(false)}>
      <LikeButton count={count} liked={liked} disabled={!canLike} onClick={() => void toggle()} />
      {shown && count > 0 && (
        <LikersTooltip likers={likers} />
      )}
    </span>
  );
}

function PortfolioCard({ item, canLike }: { item: PortfolioItem; canLike: boolean }) {
  const { t } = useTranslation('profiles');
  const [imageBox, image] = useLazyFileUrl<HTMLDivElement>(item.portfolio_file?.full_path);
  const label =
    item.portfolio_type_id === 1 || !item.contest
      ? t('portfolio.private')
      : t('portfolio.contestLabel', { type: catalogueText(item.contest.contest_type_title), title: item.contest.title });
  return (
    <article className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="portfolio-card">
      <div ref={imageBox} className="flex aspect-[4/3] items-center justify-center bg-gradient-to-br from-slate-100 to-slate-200">
        {image ? (
          <StoredPicture path={item.portfolio_file?.full_path} url={image} alt={item.title} className="h-full w-full object-cover" />
        ) : (
          <span className="px-4 text-center text-base font-semibold text-slate-600">{item.title}</span>
        )}
      </div>
      <div className="flex items-center justify-between gap-2 p-3">
        <p className="min-w-0 truncate text-xs font-semibold tracking-wide text-slate-600 uppercase" title={label}>
          {label}
        </p>
        {item.contest_entry_id != null && <PortfolioHeart item={item} canLike={canLike} />}
      </div>
    </article>
  );
}

/**
 * The Portfolio tab: category filter (All Categories first) and the four sorts, each resetting
 * the page to 1; cards labelled 'PRIVATE PROJECT' or '{contest type} Contest - {title}' with the
 * like heart and its likers; PREVIOUS and NEXT; the empty message.
 */
export function PortfolioTab({ userId, canLike }: { userId: number; canLike: boolean }) {
  const { t } = useTranslation('profiles');
  const [categories, setCategories] = useState<PortfolioCategory[]>([]);
  const [category, setCategory] = useState<number | null>(null);
  const [rating, setRating] = useState<number | null>(null);
  const [likes, setLikes] = useState<number | null>(null);
  const [sort, setSort] = useState<PortfolioSort>('-created_at');
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<Page<PortfolioItem> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getPortfolioCategories(userId, controller.signal).then(setCategories).catch(() => undefined);
    return () => controller.abort();
  }, [userId]);

  useEffect(() => {
    const controller = new AbortController();
    getPortfolio(userId, { page, sort, category, rating, likes }, controller.signal)
      .then(setItems)
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [userId, page, sort, category, rating, likes]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <select
          aria-label={t('filters.category')}
          value={category ?? ''}
          onChange={(event) => {
            setCategory(event.target.value ? Number(event.target.value) : null);
            setPage(1);
          }}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          <option value="">{t('filters.allCategories')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {catalogueText(c.title)}
            </option>
          ))}
        </select>
        <SortSelect
          value={sort}
          options={SORTS.map((s) => ({ value: s.value, label: t(s.key) }))}
          onChange={(value) => {
            setSort(value as PortfolioSort);
            setPage(1);
          }}
        />
        <PortfolioFilters
          userId={userId}
          rating={rating}
          likes={likes}
          onRating={(value) => {
            setRating(value);
            setPage(1);
          }}
          onLikes={(value) => {
            setLikes(value);
            setPage(1);
          }}
        />
      </div>
      {failure && <p className="text-sm text-rose-700">{failure}</p>}
      {items === null ? (
        <Spinner label={t('common:loading')} />
      ) : items.data.length === 0 ? (
        <p className="py-10 text-center text-slate-500">{t('empty')}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.data.map((item) => (
            <PortfolioCard key={item.id} item={item} canLike={canLike} />
          ))}
        </div>
      )}
      {items && <PageNav page={page} hasNext={Boolean(items.next_page_url)} onPage={setPage} />}
    </div>
  );
}
