import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { Contest } from '@/types/api';

import { getActiveContests } from '../api/people';
import { sendMessage } from '../api/send-message';

interface InviteModalProps {
  username: string;
  name: string;
  onClose: () => void;
}

/**
 * The contest invitation modal (contests document, section 2): username, one of the client's
 * active contests, a message prefilled with a greeting, Send; with the e-mail address warning.
 */
export function InviteModal({ username, name, onClose }: InviteModalProps) {
  const { t } = useTranslation('messages');
  const [contests, setContests] = useState<Contest[] | null>(null);
  const [to, setTo] = useState(username);
  const [contestId, setContestId] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    void getActiveContests()
      .then(setContests)
      .catch((error: unknown) => {
        setContests([]);
        toast.error(errorMessage(error));
      });
  }, []);

  function choose(id: number | null) {
    setContestId(id);
    const contest = contests?.find((candidate) => candidate.id === id);
    // The greeting follows the chosen contest until the client writes their own.
    if (contest && (text === '' || contests?.some((c) => text === t('invite.greeting', { name, contest: c.title })))) {
      setText(t('invite.greeting', { name, contest: contest.title }));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (contestId === null || text.trim() === '' || to.trim() === '') return;
    setSending(true);
    try {
      await sendMessage({ username: to, message: text, contestId });
      toast.success(t('sent'));
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      onClose={onClose}
      closeOnBackdrop={false}
      overlayClassName="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/40 p-0 sm:items-center sm:p-4"
      asChild
    >
      <form onSubmit={(event) => void submit(event)} className="w-full max-w-lg space-y-4 rounded-t-xl bg-white p-5 shadow-xl sm:rounded-xl">
        <DialogTitle className="text-lg font-semibold text-slate-900">{t('invite.title')}</DialogTitle>
        <label className="block text-sm">
          <span className="font-medium text-slate-700">{t('invite.username')}</span>
          <input
            value={to}
            onChange={(event) => setTo(event.target.value)}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
          />
        </label>
        <label className="block text-sm">
          <span className="font-medium text-slate-700">{t('invite.contest')}</span>
          <select
            value={contestId ?? ''}
            onChange={(event) => choose(event.target.value === '' ? null : Number(event.target.value))}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
            disabled={contests === null || contests.length === 0}
          >
            <option value="">{t('invite.chooseContest')}</option>
            {contests?.map((contest) => (
              <option key={contest.id} value={contest.id}>
                {contest.title}
              </option>
            ))}
          </select>
          {contests?.length === 0 && <span className="mt-1 block text-xs text-slate-500">{t('invite.noContests')}</span>}
        </label>
        <label className="block text-sm">
          <span className="font-medium text-slate-700">{t('invite.message')}</span>
          <textarea
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={4}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
          />
        </label>
        <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-800">{t('emailWarning')}</p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('invite.cancel')}
          </Button>
          <Button type="submit" isLoading={sending} disabled={contestId === null || text.trim() === '' || sending}>
            {t('invite.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
