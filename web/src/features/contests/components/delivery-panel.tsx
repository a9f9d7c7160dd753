import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { FILE_CATEGORY, uploadFiles } from '@/lib/upload';
import type { Contest, Entry, User } from '@/types/api';

import { acceptArtworks, downloadFile, setContestStatus, uploadArtworks } from '../api/delivery';
import { getEntry } from '../api/get-entry';
import { deliveryRole, deliveryStep, finalArtworks } from '../delivery';
import { mergeEntry, setContest, type ContestLive } from '../live';

interface DeliveryPanelProps {
  state: ContestLive;
  contest: Contest;
  winner: Entry | null;
  user: User;
}

/**
 * After the award: the admin verifies, the winner uploads the final files, the holder downloads
 * and accepts them, the admin credits. Each status (and the acceptance) arrives live on the contest
 * channel; the winner's entry is read again when it changes, so the holder sees the files the
 * moment they are delivered and the winner sees the acceptance the moment it is given.
 */
export function DeliveryPanel({ state, contest, winner, user }: DeliveryPanelProps) {
  const { t } = useTranslation('contests');
  const role = deliveryRole(user, contest, winner);
  const step = deliveryStep(contest.status_id, role);
  const [busy, setBusy] = useState(false);
  const winnerId = winner?.id ?? null;

  useEffect(() => {
    if (winnerId === null || contest.status_id < 8) return;
    getEntry(contest.id, winnerId)
      .then((entry) => mergeEntry(state, entry))
      .catch(() => undefined);
  }, [state, contest.id, contest.status_id, winnerId]);

  if (step === null || winner === null) return null;
  const designer = winner.created_by_user.username;
  const acceptedAt = contest.artwork_accepted_at ?? null;

  async function accept() {
    setBusy(true);
    try {
      const accepted = await acceptArtworks(contest.id);
      // The answer already says it; the live event says it again, idempotently.
      if (state.contest) setContest(state, { ...state.contest, artwork_accepted_at: accepted.artwork_accepted_at }, state.brief);
      toast.success(t('delivery.acceptedToast'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function move(statusId: number, done: string) {
    setBusy(true);
    try {
      await setContestStatus(contest.id, statusId);
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const files = finalArtworks(winner);
  return (
    <section data-testid="delivery-panel" className="rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 text-sm">
      <h2 className="font-semibold text-slate-800">{t('delivery.title')}</h2>
      <p className="mt-1 text-slate-600">{t('delivery.winner', { number: winner.number, designer })}</p>
      <div className="mt-3 space-y-3" data-testid={`delivery-step-${step}`}>
        {step === 'verify' && (
          <>
            <p className="text-slate-700">{t('delivery.verifyHint')}</p>
            <Button isLoading={busy} disabled={busy} onClick={() => void move(7, t('delivery.verified'))}>
              {t('delivery.verify')}
            </Button>
          </>
        )}
        {step === 'awaitVerification' && <p className="text-slate-700">{t('delivery.awaitVerification')}</p>}
        {step === 'upload' && <ArtworkUpload contestId={contest.id} entryId={winner.id} />}
        {step === 'awaitDelivery' && <p className="text-slate-700">{t('delivery.awaitDelivery', { designer })}</p>}
        {step === 'delivered' && <p className="text-slate-700">{t('delivery.delivered')}</p>}
        {step === 'completed' && <p className="text-slate-700">{t('delivery.completed', { designer })}</p>}
        {acceptedAt !== null && (
          <p data-testid="delivery-accepted" className="rounded-md bg-emerald-100 px-3 py-1.5 font-medium text-emerald-900">
            {role === 'owner' ? t('delivery.acceptedOwner') : t('delivery.accepted')}
          </p>
        )}
        {(step === 'download' || step === 'credit') && (
          <>
            {step === 'download' && (
              <p className="font-medium text-emerald-800">
                {contest.status_id === 8 ? t('delivery.readyToDownload') : t('delivery.completedOwner')}
              </p>
            )}
            <ul className="space-y-2">
              {files.map((file, index) => (
                <li key={file.file_id} className="flex items-center justify-between gap-3 rounded-md bg-white px-3 py-2 ring-1 ring-slate-200">
                  <span className="truncate text-slate-700">{t('delivery.fileName', { index: index + 1 })}</span>
                  <Button variant="secondary" onClick={() => void downloadFile(file.file_id).catch((error: unknown) => toast.error(errorMessage(error)))}>
                    {t('delivery.download')}
                  </Button>
                </li>
              ))}
            </ul>
            {step === 'download' && acceptedAt === null && files.length > 0 && (
              <div className="space-y-2">
                <p className="text-slate-700">{t('delivery.acceptHint', { designer })}</p>
                <Button isLoading={busy} disabled={busy} onClick={() => void accept()}>
                  {t('delivery.accept')}
                </Button>
              </div>
            )}
          </>
        )}
        {step === 'credit' && (
          <>
            <p className="text-slate-700">{t('delivery.creditHint', { designer })}</p>
            <Button isLoading={busy} disabled={busy} onClick={() => void move(9, t('delivery.credited'))}>
              {t('delivery.credit')}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

/** The winner sends the final files (any type the brief categories take: images, pdf, zip). */
function ArtworkUpload({ contestId, entryId }: { contestId: number; entryId: number }) {
  const { t } = useTranslation('contests');
  const [files, setFiles] = useState<File[]>([]);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0 || pending) return;
    setPending(true);
    setFailure(null);
    try {
      // Category 4 takes pdf and zip besides images, as final files often are.
      const stored = await uploadFiles(files, FILE_CATEGORY.contestBrief);
      await uploadArtworks(contestId, entryId, stored.map((file) => file.id));
      toast.success(t('delivery.uploaded'));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="space-y-2">
      <p className="text-slate-700">{t('delivery.uploadHint')}</p>
      {failure && <Alert>{failure}</Alert>}
      <label className="block">
        <span className="sr-only">{t('delivery.chooseFiles')}</span>
        <input
          type="file"
          multiple
          data-testid="artwork-input"
          onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
          className="block w-full text-xs text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-slate-700 file:ring-1 file:ring-slate-300"
        />
      </label>
      <Button type="submit" isLoading={pending} disabled={pending || files.length === 0}>
        {t('delivery.upload')}
      </Button>
    </form>
  );
}
