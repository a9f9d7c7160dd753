import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { deleteNote, updateNote } from '../api/admin-api';
import type { Note } from '../api/types';

/** One admin note: its text, who wrote it and when; any admin rewrites or deletes it. */
export function NoteItem({ note, onChanged }: { note: Note; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(text: string) {
    setBusy(true);
    try {
      await updateNote(note.id, text);
      toast.success(t('notes.saved'));
      setDraft(null);
      onChanged();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const remove = () =>
    void deleteNote(note.id)
      .then(onChanged)
      .catch((error: unknown) => toast.error(errorMessage(error)));

  return (
    <li className="rounded-md border border-slate-200 p-3">
      {draft === null ? (
        <p className="whitespace-pre-line break-words text-slate-800">{note.note}</p>
      ) : (
        <div className="space-y-2">
          <textarea
            aria-label={t('notes.editLabel')}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            rows={3}
            value={draft}
            maxLength={5000}
            onChange={(event) => setDraft(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDraft(null)}>
              {t('cancel')}
            </Button>
            <Button onClick={() => void save(draft)} isLoading={busy} disabled={busy || draft.trim() === '' || draft === note.note}>
              {t('save')}
            </Button>
          </div>
        </div>
      )}
      <p className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
        <span>
          {note.created_by_username} · {formatDateTime(note.created_at)}
        </span>
        {draft === null && (
          <span className="flex gap-3">
            <button type="button" className="text-indigo-700 hover:underline" onClick={() => setDraft(note.note)}>
              {t('edit')}
            </button>
            <button type="button" className="text-red-700 hover:underline" onClick={remove}>
              {t('delete')}
            </button>
          </span>
        )}
      </p>
    </li>
  );
}
