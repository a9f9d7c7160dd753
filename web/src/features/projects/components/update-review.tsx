import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { rateUpdate, reviewUpdate, type Update } from '../api/updates';

const RATING_MAX = 5;

interface UpdateReviewProps {
  projectId: number;
  update: Update;
  /** Only the owner rates and reviews; the others see the stars. */
  isOwner: boolean;
}

/** An update's stars, and the owner's approval or request for changes while it waits (status 1). */
export function UpdateReview({ projectId, update, isOwner }: UpdateReviewProps) {
  const { t } = useTranslation('projects');

  async function act(action: () => Promise<unknown>, message: string) {
    try {
      await action();
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <>
      <div className="flex items-center gap-1" role="group" aria-label={t('workroom.rating')} data-testid="update-rating">
        {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((star) => (
          <button key={star} type="button" disabled={!isOwner} aria-label={t('workroom.stars', { count: star })} onClick={() => void act(() => rateUpdate(projectId, update.id, star), t('workroom.rated'))} className={`text-xl leading-none ${update.rating != null && star <= update.rating ? 'text-amber-400' : 'text-slate-300'} ${isOwner ? 'hover:text-amber-300' : ''}`}>
            ★
          </button>
        ))}
      </div>
      {isOwner && update.status_id === 1 && (
        <>
          <Button className="px-3 py-1 text-xs" onClick={() => void act(() => reviewUpdate(projectId, update.id, 2), t('workroom.approved'))}>
            {t('workroom.approve')}
          </Button>
          <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => void act(() => reviewUpdate(projectId, update.id, 3), t('workroom.changesAsked'))}>
            {t('workroom.requestChanges')}
          </Button>
        </>
      )}
    </>
  );
}
