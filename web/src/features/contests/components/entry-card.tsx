import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { useLazyFileUrl } from '@/lib/use-file-url';
import type { Entry } from '@/types/api';

import { DesignerName } from '@/components/designer-name';

import { LikeButton } from '@/components/ui/like-button';
import { StarRating } from '@/components/ui/star-rating';

interface EntryCardProps {
  entry: Entry;
  liked: boolean | undefined;
  /** When it last changed live: a new value flashes the card. */
  highlightedAt: number | undefined;
  isOwner: boolean;
  canLike: boolean;
  onLike: () => void;
  onRate: (rating: number) => void;
  onToggleEliminated: () => void;
  /** Eliminating is for a running or deciding contest; after the award it is gone. */
  judging?: boolean;
  /** Wraps the like button (the likers list on hover). */
  wrapLike?: (button: ReactNode) => ReactNode;
}

function mainImage(entry: Entry) {
  return entry.files?.find((file) => file.kind === 1)?.full_path ?? null;
}

export function EntryCard(props: EntryCardProps) {
  const { t } = useTranslation('contests');
  const { entry, isOwner } = props;
  // A grid card: the thumb, fetched once the card nears the viewport.
  const [imageBox, image] = useLazyFileUrl<HTMLAnchorElement>(mainImage(entry));
  const eliminated = entry.status === 'eliminated';
  return (
    <article
      data-testid="entry-card"
      data-entry-id={entry.id}
      className={`group relative overflow-hidden rounded-xl border bg-white shadow-sm transition hover:shadow-md ${eliminated ? 'border-slate-200 opacity-60' : 'border-slate-200'}`}
    >
      {props.highlightedAt !== undefined && (
        <span key={props.highlightedAt} className="live-flash pointer-events-none absolute inset-0 z-10 rounded-xl" aria-hidden="true" />
      )}
      <Link ref={imageBox} to={`/contests/${entry.contest_id}/entries/${entry.id}`} className="block aspect-square bg-slate-100">
        {image ? (
          <img src={image} alt={t('card.entry', { number: entry.number })} className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center p-4 text-center text-3xl font-bold break-words text-slate-500">
            {/* A naming contest's text entry: the name is the entry. */}
            {entry.files?.length === 0 && entry.title ? entry.title : `#${entry.number}`}
          </div>
        )}
      </Link>
      {entry.is_winner === 1 && (
        <span className="absolute top-2 left-2 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-bold text-amber-950">{t('card.winner')}</span>
      )}
      {eliminated && (
        <span className="absolute top-2 left-2 rounded-full bg-slate-700 px-2 py-0.5 text-xs font-semibold text-white">{t('card.eliminated')}</span>
      )}
      <div className="space-y-2 p-3">
        <div className="flex items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-800">#{entry.number}</p>
            <p className="truncate text-xs text-slate-500">
              <DesignerName userId={entry.created_by_user.id} username={entry.created_by_user.username} label={t('card.by', { username: entry.created_by_user.username })} />
            </p>
          </div>
          {(props.wrapLike ?? ((button: ReactNode) => button))(
            <LikeButton count={entry.likes_count} liked={props.liked === true} disabled={!props.canLike} onClick={props.onLike} />,
          )}
        </div>
        {isOwner && (
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-2">
            <StarRating value={entry.rating ?? 0} onChange={props.onRate} />
            {props.judging !== false && (
            <button
              type="button"
              onClick={props.onToggleEliminated}
              className="text-xs font-medium text-slate-500 hover:text-rose-600"
            >
              {eliminated ? t('card.restore') : t('card.eliminate')}
            </button>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
