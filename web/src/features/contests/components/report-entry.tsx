import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { Entry } from '@/types/api';

import { reportEntry, verifyCopiedEntry } from '../api/report-entry';

/** The select's value for an entry of another contest, named by its id. */
const OTHER = 'other';

interface ReportEntryProps {
  contestId: number;
  entry: Pick<Entry, 'id' | 'number'>;
  /** The contest's entries the report may say this one copies. */
  others: readonly Pick<Entry, 'id' | 'number' | 'created_by_user'>[];
}

/**
 * Reporting an entry (anyone signed in but its holder and its designer): a reason and, for a
 * copy, the entry copied. The server's messages ('This entry has already been reported', 'Copy
 * entry is same as report entry') show as they come.
 */
export function ReportEntry({ contestId, entry, others }: ReportEntryProps) {
  const { t } = useTranslation('contests');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [copied, setCopied] = useState('');
  const [otherId, setOtherId] = useState('');
  const [checked, setChecked] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      const copiedId = copied === OTHER ? Number(otherId) : copied ? Number(copied) : null;
      // The copied entry is checked first: one that cannot be seen or is this entry stops here.
      if (copiedId !== null) await check(copiedId);
      await reportEntry(contestId, entry.id, { reason: reason.trim(), copied_entry_id: copiedId });
      toast.success(t('report.sent'));
      setOpen(false);
    } catch (error) {
      const field = error instanceof ApiError ? (error.fieldMessage('copied_entry_id') ?? error.fieldMessage('reason')) : undefined;
      setFailure(field ?? errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  /** Names the copied entry back ("#3 by ana in Harbor Coffee"), or throws the server's refusal. */
  async function check(copiedId: number) {
    setChecked(null);
    const found = await verifyCopiedEntry(copiedId, entry.id);
    const title = found.contest.title ?? `#${found.contest.id}`;
    setChecked(t('report.checked', { number: found.entry.number, username: found.entry.designer.username, contest: title }));
  }

  async function handleCheck() {
    setFailure(null);
    try {
      await check(Number(otherId));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} className="text-xs font-medium text-slate-500 underline hover:text-rose-600">
        {t('report.button')}
      </button>
    );
  }
  return (
    <form onSubmit={(event) => void handleSubmit(event)} aria-label={t('report.title', { number: entry.number })} className="space-y-2 rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm">
      <p className="font-semibold text-slate-800">{t('report.title', { number: entry.number })}</p>
      {failure && <Alert>{failure}</Alert>}
      <label className="block">
        <span className="text-xs text-slate-600">{t('report.reason')}</span>
        <textarea required value={reason} onChange={(event) => setReason(event.target.value)} rows={2} className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1" />
      </label>
      <label className="block">
        <span className="text-xs text-slate-600">{t('report.copied')}</span>
        <select
          value={copied}
          onChange={(event) => {
            setCopied(event.target.value);
            setChecked(null);
          }}
          className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1"
        >
          <option value="">{t('report.notACopy')}</option>
          {others.map((other) => (
            <option key={other.id} value={other.id}>
              #{other.number} · {other.created_by_user.username}
            </option>
          ))}
          <option value={OTHER}>{t('report.otherEntry')}</option>
        </select>
      </label>
      {copied === OTHER && (
        <div className="flex flex-wrap items-end gap-2">
          <label className="block">
            <span className="text-xs text-slate-600">{t('report.otherId')}</span>
            <input
              inputMode="numeric"
              value={otherId}
              onChange={(event) => {
                setOtherId(event.target.value.replace(/\D/g, ''));
                setChecked(null);
              }}
              className="mt-1 block w-32 rounded-md border border-slate-300 px-2 py-1"
            />
          </label>
          <Button variant="secondary" disabled={otherId === ''} onClick={() => void handleCheck()}>
            {t('report.check')}
          </Button>
        </div>
      )}
      {checked && (
        <p className="text-xs text-emerald-800" data-testid="copied-entry">
          {checked}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" isLoading={pending} disabled={pending || reason.trim() === '' || (copied === OTHER && otherId === '')}>
          {t('report.send')}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('common:cancel')}
        </Button>
      </div>
    </form>
  );
}
