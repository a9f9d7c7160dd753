import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { FILE_CATEGORY, uploadFiles } from '@/lib/upload';

import { addVersion } from '../api/add-version';
import { getEntry } from '../api/get-entry';
import { mergeEntry, type ContestLive } from '../live';

/** The designer replaces their entry's image with a new version (the old ones stay on record). */
export function NewVersion({ state, contestId, entryId }: { state: ContestLive; contestId: number; entryId: number }) {
  const { t } = useTranslation('contests');
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [inputKey, setInputKey] = useState(0);

  async function send() {
    if (!file) return;
    setPending(true);
    try {
      const [stored] = await uploadFiles([file], FILE_CATEGORY.mainEntry);
      await addVersion(contestId, entryId, stored.id);
      // The answer has no files; read the entry again for the new image.
      mergeEntry(state, await getEntry(contestId, entryId));
      toast.success(t('versions.added'));
      setFile(null);
      setInputKey((key) => key + 1);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3 text-sm">
      <p className="font-medium text-slate-700">{t('versions.title')}</p>
      <input
        key={inputKey}
        type="file"
        accept="image/png,image/bmp,image/gif,image/jpeg,image/tiff"
        data-testid="version-input"
        aria-label={t('versions.title')}
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        className="block w-full text-xs text-slate-600"
      />
      <Button variant="secondary" isLoading={pending} disabled={pending || file === null} onClick={() => void send()}>
        {t('versions.upload')}
      </Button>
    </div>
  );
}
