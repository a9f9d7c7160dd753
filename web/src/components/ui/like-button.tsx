import { useTranslation } from 'react-i18next';

interface LikeButtonProps {
  count: number;
  liked: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** The like heart with its count. */
export function LikeButton({ count, liked, disabled = false, onClick }: LikeButtonProps) {
  const { t } = useTranslation('components');
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-pressed={liked}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-1 text-sm transition disabled:cursor-default ${liked ? 'text-rose-600' : 'text-slate-500 enabled:hover:text-rose-500'}`}
    >
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill={liked ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8">
        <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.6 4.5 7.2 4.5c2 0 3.4 1.1 4.8 2.8 1.4-1.7 2.8-2.8 4.8-2.8 3.6 0 5.7 3.6 4.5 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" strokeLinejoin="round" />
      </svg>
      <span aria-hidden="true" data-testid="like-count" className="tabular-nums">{count}</span>
      {/* The name is words ("Like (3 likes)"), the face a heart and a figure: the words are the
          content, hidden from sight, so the name and what is shown never disagree. */}
      <span className="sr-only">{liked ? t('like.unlike', { count }) : t('like.like', { count })}</span>
    </button>
  );
}
