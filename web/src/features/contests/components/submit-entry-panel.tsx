import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { FILE_CATEGORY, uploadFiles } from '@/lib/upload';
import type { UploadStats } from '@/types/api';

import { submitEntry } from '../api/submit-entry';
import { entryLimitText } from '../status';

/** The image types entries take (contests document, section 5). */
const ACCEPT = 'image/png,image/bmp,image/gif,image/jpeg,image/tiff';

interface SubmitEntryPanelProps {
  contestId: number;
  stats: UploadStats | null;
  onSubmitted: () => void;
  /** A naming contest (types 11-15): the entry may be the name alone, without an image. */
  textEntry?: boolean;
}

/**
 * A designer submits an entry: upload the main image (with progress), then the entry. In a
 * naming contest the name (the title) is the entry and the image is optional.
 */
export function SubmitEntryPanel({ contestId, stats, onSubmitted, textEntry = false }: SubmitEntryPanelProps) {
  const { t } = useTranslation('contests');
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);

  const limit = stats ? entryLimitText(stats) : null;
  const exhausted = stats?.entries_remaining === 0;
  const blocked = stats?.is_blocked === true;
  const pending = progress !== null;
  const ready = file !== null || (textEntry && title.trim() !== '');

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!ready || pending) return;
    setFailure(null);
    setProgress(0);
    try {
      // The upload is most of the wait; the entry itself is a small JSON call.
      const stored = file ? (await uploadFiles([file], FILE_CATEGORY.mainEntry, (f) => setProgress(f * 0.95)))[0] : null;
      await submitEntry(contestId, { ...(stored ? { main_file_id: stored.id } : {}), title: title.trim() || undefined });
      setProgress(1);
      toast.success('Your entry has been submitted!');
      setFile(null);
      setTitle('');
      setInputKey((key) => key + 1);
      onSubmitted();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setProgress(null);
    }
  }

  return (
    <section className="rounded-xl border border-indigo-100 bg-indigo-50/50 p-4">
      <h2 className="text-sm font-semibold text-slate-800">{t('submit.title')}</h2>
      {limit && (
        <p className={`mt-1 text-xs ${exhausted ? 'font-medium text-rose-700' : 'text-slate-600'}`} data-testid="entry-limit">
          {limit}
        </p>
      )}
      {blocked ? (
        <p className="mt-2 text-sm text-rose-700">{t('submit.blocked')}</p>
      ) : (
        <form onSubmit={handleSubmit} className="mt-3 space-y-3">
          {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
          <label className="block">
            <span className="mb-1 block text-xs font-medium text-slate-700">{t(textEntry ? 'submit.imageOptional' : 'submit.image')}</span>
            <input
              key={inputKey}
              type="file"
              name="entry-file"
              accept={ACCEPT}
              disabled={exhausted || pending}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-600 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-white hover:file:bg-indigo-700"
            />
          </label>
          <label className="block">
            <span className="mb-1 block text-xs font-medium text-slate-700">{t(textEntry ? 'submit.name' : 'submit.entryTitle')}</span>
            <input
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              disabled={exhausted || pending}
              maxLength={120}
              className="block w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm shadow-sm focus:ring-2 focus:ring-indigo-500 focus:outline-none"
            />
          </label>
          {progress !== null && (
            <div
              role="progressbar"
              aria-label={t('submit.progress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-2 overflow-hidden rounded-full bg-indigo-100"
            >
              <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
          )}
          <Button type="submit" className="w-full" disabled={!ready || exhausted || pending} isLoading={pending}>
            {t('submit.button')}
          </Button>
        </form>
      )}
    </section>
  );
}
