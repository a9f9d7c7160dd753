import { useTranslation } from 'react-i18next';

export const MAX_RATING = 5;

interface StarRatingProps {
  value: number;
  /** Without it the stars are read-only. */
  onChange?: (rating: number) => void;
}

/** 1 to 5 stars; the contest holder rates entries privately. */
export function StarRating({ value, onChange }: StarRatingProps) {
  const { t } = useTranslation('components');
  return (
    <div className="flex items-center" role={onChange ? 'radiogroup' : 'img'} aria-label={t('rating.rated', { value, max: MAX_RATING })}>
      {Array.from({ length: MAX_RATING }, (_, index) => {
        const rating = index + 1;
        const filled = rating <= value;
        const star = (
          <svg viewBox="0 0 20 20" className={`size-4 ${filled ? 'text-amber-400' : 'text-slate-300'}`} fill="currentColor" aria-hidden="true">
            <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z" />
          </svg>
        );
        return onChange ? (
          <button
            key={rating}
            type="button"
            role="radio"
            aria-checked={rating === value}
            aria-label={t('rating.stars', { count: rating })}
            onClick={() => onChange(rating)}
            className="p-0.5 hover:scale-110"
          >
            {star}
          </button>
        ) : (
          <span key={rating} className="p-0.5">
            {star}
          </span>
        );
      })}
    </div>
  );
}
