import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { addNote, getNotes } from '../api/admin-api';
import type { Note } from '../api/types';

import { NoteItem } from './note-item';

/** Admins' notes on one contest, project or user, in a dialog: read, add, edit, delete. */
export function NotesButton({ type, id }: { type: Note['notable_type']; id: number }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [notes, setNotes] = useState<Note[] | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    getNotes(type, id, controller.signal)
      .then(setNotes)
      .catch(() => setNotes([]));
    return () => controller.abort();
  }, [open, type, id, generation]);

  async function add() {
    setBusy(true);
    try {
      await addNote(type, id, text);
      setText('');
      toast.success(t('notes.added'));
      setGeneration((n) => n + 1);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
        onClick={() => setOpen(true)}
      >
        {t('notes.button')}
      </button>
      {open && (
        <ModalDialog title={t('notes.title')} size="lg" onClose={() => setOpen(false)}>
          <ul className="max-h-72 space-y-3 overflow-y-auto">
            {notes?.length === 0 && <li className="text-slate-500">{t('notes.empty')}</li>}
            {notes?.map((note) => <NoteItem key={note.id} note={note} onChanged={() => setGeneration((n) => n + 1)} />)}
          </ul>
          <div className="mt-4 space-y-2">
            <label className="block text-sm font-medium text-slate-700" htmlFor={`note-${type}-${id}`}>
              {t('notes.new')}
            </label>
            <textarea
              id={`note-${type}-${id}`}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
              rows={3}
              value={text}
              maxLength={5000}
              onChange={(event) => setText(event.target.value)}
            />
            <div className="flex justify-end">
              <Button onClick={() => void add()} isLoading={busy} disabled={busy || text.trim() === ''}>
                {t('notes.add')}
              </Button>
            </div>
          </div>
        </ModalDialog>
      )}
    </>
  );
}
