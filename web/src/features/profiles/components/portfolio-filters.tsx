import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { getLikeRatingStats, type LikeRatingStats } from '../api/profiles';

const SELECT = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm';
/** Like thresholds offered, up to the portfolio's most liked work. */
const LIKE_STEPS = [1, 5, 10, 25, 50, 100, 250];

interface PortfolioFiltersProps {
  userId: number;
  rating: number | null;
  likes: number | null;
  onRating: (rating: number | null) => void;
  onLikes: (likes: number | null) => void;
}

/**
 * At-least rating and likes filters of a portfolio, ranged by its figures
 * (GET /users/{id}/portfolios/like-rating-stats): a filter nothing could match is not offered,
 * and the figures show beside them.
 */
export function PortfolioFilters({ userId, rating, likes, onRating, onLikes }: PortfolioFiltersProps) {
  const { t } = useTranslation('profiles');
  const [stats, setStats] = useState<LikeRatingStats | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getLikeRatingStats(userId, controller.signal).then(setStats, () => undefined);
    return () => controller.abort();
  }, [userId]);

  if (stats === null) return null;
  const steps = LIKE_STEPS.filter((step) => step <= stats.max_like_reactions_count);
  return (
    <>
      {stats.rated_count > 0 && (
        <select aria-label={t('filters.rating')} value={rating ?? ''} onChange={(e) => onRating(e.target.value ? Number(e.target.value) : null)} className={SELECT}>
          <option value="">{t('filters.anyRating')}</option>
          {[5, 4, 3, 2, 1].map((stars) => (
            <option key={stars} value={stars}>
              {t('filters.atLeastStars', { count: stars })}
            </option>
          ))}
        </select>
      )}
      {steps.length > 0 && (
        <select aria-label={t('filters.likes')} value={likes ?? ''} onChange={(e) => onLikes(e.target.value ? Number(e.target.value) : null)} className={SELECT}>
          <option value="">{t('filters.anyLikes')}</option>
          {steps.map((step) => (
            <option key={step} value={step}>
              {t('filters.atLeastLikes', { count: step })}
            </option>
          ))}
        </select>
      )}
      <p className="self-center text-xs text-slate-500" data-testid="portfolio-figures">
        {t('filters.figures', { works: stats.portfolio_count, likes: stats.like_reactions_count })}
        {stats.average_rating != null && ` · ${t('filters.average', { rating: stats.average_rating.toFixed(1), count: stats.rated_count })}`}
      </p>
    </>
  );
}
