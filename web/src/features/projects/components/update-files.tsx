import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { User } from '@/types/api';

import { addOtherFiles, updateDownload, type Update } from '../api/updates';
import { useAttachments } from '../hooks/use-attachments';

/** Fetches a one-time link to one of the update's files and lets the browser download it. */
async function download(projectId: number, updateId: number, fileId: number) {
  const granted = await updateDownload(projectId, updateId, fileId);
  const link = document.createElement('a');
  link.href = `${env.apiUrl}${granted.download_url}`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The update's files to download (each through a one-time link), its other files (sources,
 * fonts), and for the update's designer, Add other files. Added files reach everyone in the
 * workroom with `project.update.updated`.
 */
export function UpdateFiles({ projectId, update, user, onUpdated }: { projectId: number; update: Update; user?: User; onUpdated: (update: Update) => void }) {
  const { t } = useTranslation('projects');
  const { files, attach, clear } = useAttachments();
  const [pending, setPending] = useState(false);
  const mine = user !== undefined && update.created_by_user.id === user.id;

  async function get(fileId: number) {
    try {
      await download(projectId, update.id, fileId);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function add() {
    setPending(true);
    try {
      onUpdated(await addOtherFiles(projectId, update.id, files.map((f) => f.id)));
      clear();
      toast.success(t('workroom.otherAdded'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  const all = [...update.files, ...update.other_files];
  if (all.length === 0 && !mine) return null;
  return (
    <div className="mt-3 space-y-2 text-sm" data-testid="update-files">
      {all.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {all.map((file) => (
            <li key={file.id}>
              <button type="button" onClick={() => void get(file.id)} className="rounded-md border border-slate-200 px-2 py-1 text-xs text-indigo-700 hover:bg-slate-50" title={t('workroom.download')}>
                ⬇ {file.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {mine && (
        <div className="flex flex-wrap items-center gap-2">
          <label className="text-xs font-medium text-slate-700">
            {t('workroom.otherFiles')}
            <input type="file" multiple onChange={(e) => void attach(e.target.files)} className="mt-1 block max-w-full text-xs" />
          </label>
          {files.length > 0 && (
            <Button className="px-3 py-1 text-xs" onClick={() => void add()} isLoading={pending} disabled={pending}>
              {t('workroom.addOther', { count: files.length })}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
