import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Spinner } from '@/components/ui/spinner';
import { StarRating } from '@/components/ui/star-rating';
import { catalogueText } from '@/lib/catalogue';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { answersOf, getFeedbackQuestions, sendFeedback, type FeedbackQuestion, type FeedbackTarget } from '../api';

/** The winning entry the holder is asked to rate (contests only). */
export interface FeedbackWinner {
  number: number;
  designer: string;
  /** The stars already given, 0 for none. */
  rating: number;
  /** Saves the holder's stars on the winning entry (PATCH .../ratings). */
  rate: (rating: number) => Promise<void>;
}

interface FeedbackDialogProps {
  target: FeedbackTarget;
  winner?: FeedbackWinner;
  onClose: () => void;
}

/**
 * Asked of the client once a contest is awarded (or ends without a winner) and once a project is
 * completed: stars for the winner, which show on the designer's Reviews tab, then the feedback
 * questions admins read on Clients Feedback. Everything is optional; "Not now" closes it, and the
 * contest page and the workroom keep a button to come back.
 */
export function FeedbackDialog({ target, winner, onClose }: FeedbackDialogProps) {
  const { t } = useTranslation('feedback');
  const [questions, setQuestions] = useState<FeedbackQuestion[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [stars, setStars] = useState(winner?.rating ?? 0);
  const [ratings, setRatings] = useState<Record<number, number>>({});
  const [texts, setTexts] = useState<Record<number, string>>({});
  const [pending, setPending] = useState(false);
  const textId = useId();

  useEffect(() => {
    getFeedbackQuestions().then(setQuestions, (error: unknown) => setFailure(errorMessage(error)));
  }, []);

  const answers = answersOf(questions ?? [], ratings, texts);
  const rated = winner !== undefined && stars > 0 && stars !== winner.rating;
  const nothing = answers.length === 0 && !rated;

  async function submit() {
    if (nothing || pending) return;
    setPending(true);
    setFailure(null);
    try {
      if (rated) await winner.rate(stars);
      if (answers.length > 0) await sendFeedback(target, answers);
      toast.success(t('sent'));
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <ModalDialog
      title={t(winner ? 'titleWinner' : 'title')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" disabled={pending} onClick={onClose}>
            {t('later')}
          </Button>
          <Button isLoading={pending} disabled={nothing || pending} onClick={() => void submit()}>
            {t('send')}
          </Button>
        </>
      }
    >
      <div className="space-y-5" data-testid="feedback-dialog">
        {failure && <Alert>{failure}</Alert>}
        {winner && (
          <section className="rounded-lg bg-amber-50 p-3" data-testid="rate-winner">
            <p className="font-medium text-slate-800">{t('winner', { number: winner.number, designer: winner.designer })}</p>
            <p className="mt-0.5 text-xs text-slate-600">{t('winnerHint')}</p>
            <div className="mt-2">
              <StarRating value={stars} onChange={setStars} />
            </div>
          </section>
        )}
        <section>
          <p className="font-medium text-slate-800">{t('questions')}</p>
          {questions === null && !failure && <Spinner label={t('loading')} />}
          <ol className="mt-2 space-y-3">
            {questions?.map((question) => (
              <li key={question.id}>
                {question.kind === 'rating' ? (
                  <>
                    <p className="text-slate-700">{catalogueText(question.title)}</p>
                    <StarRating value={ratings[question.id] ?? 0} onChange={(rating) => setRatings((all) => ({ ...all, [question.id]: rating }))} />
                  </>
                ) : (
                  <>
                    <label htmlFor={`${textId}-${question.id}`} className="text-slate-700">
                      {catalogueText(question.title)}
                    </label>
                    <textarea
                      id={`${textId}-${question.id}`}
                      rows={3}
                      maxLength={2000}
                      value={texts[question.id] ?? ''}
                      onChange={(event) => setTexts((all) => ({ ...all, [question.id]: event.target.value }))}
                      className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                    />
                  </>
                )}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </ModalDialog>
  );
}
