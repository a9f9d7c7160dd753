import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { Entry } from '@/types/api';

import { reportEntry } from '../api/report-entry';

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
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      await reportEntry(contestId, entry.id, { reason: reason.trim(), copied_entry_id: copied ? Number(copied) : null });
      toast.success(t('report.sent'));
      setOpen(false);
    } catch (error) {
      const field = error instanceof ApiError ? (error.fieldMessage('copied_entry_id') ?? error.fieldMessage('reason')) : undefined;
      setFailure(field ?? errorMessage(error));
    } finally {
      setPending(false);
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
        <select value={copied} onChange={(event) => setCopied(event.target.value)} className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1">
          <option value="">{t('report.notACopy')}</option>
          {others.map((other) => (
            <option key={other.id} value={other.id}>
              #{other.number} · {other.created_by_user.username}
            </option>
          ))}
        </select>
      </label>
      <div className="flex gap-2">
        <Button type="submit" isLoading={pending} disabled={pending || reason.trim() === ''}>
          {t('report.send')}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('common:cancel')}
        </Button>
      </div>
    </form>
  );
}
