import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/error-messages';
import { useMessageTranslation } from '@/lib/spec-messages/translate';
import { FILE_CATEGORY, uploadFiles } from '@/lib/upload';

import type { ControlProps } from './question-choices';

/** A file question: uploads what is picked (with its progress) and lists the files kept. */
export function QuestionFiles({ value, id, set, onBlur }: ControlProps) {
  const { t } = useTranslation('components', { keyPrefix: 'questionField' });
  const translate = useMessageTranslation();
  const [upload, setUpload] = useState<{ progress: number } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);

  async function handleFiles(files: FileList | null) {
    if (!files || files.length === 0) return;
    setUploadError(null);
    setUpload({ progress: 0 });
    try {
      const stored = await uploadFiles([...files], FILE_CATEGORY.contestBrief, (progress) => setUpload({ progress }));
      set({ files: [...value.files, ...stored] });
    } catch (failure) {
      setUploadError(errorMessage(failure));
    } finally {
      setUpload(null);
      onBlur();
    }
  }

  return (
    <div className="space-y-2">
      <input id={id} type="file" multiple disabled={upload !== null} onChange={(e) => void handleFiles(e.target.files)} className="block text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-slate-800 file:px-3 file:py-1.5 file:text-white" />
      {upload && (
        <div role="progressbar" aria-label={t('uploadProgress')} aria-valuenow={Math.round(upload.progress * 100)} className="h-2 overflow-hidden rounded-full bg-slate-200">
          <div className="h-full bg-indigo-600" style={{ width: `${Math.round(upload.progress * 100)}%` }} />
        </div>
      )}
      {uploadError && <p className="text-xs text-red-600">{translate(uploadError)}</p>}
      {value.files.length > 0 && (
        <ul className="flex flex-wrap gap-2 text-xs">
          {value.files.map((file) => (
            <li key={file.id} className="flex items-center gap-1 rounded-full bg-slate-100 px-2 py-1">
              {file.name}
              <button type="button" aria-label={t('remove', { name: file.name })} onClick={() => set({ files: value.files.filter((f) => f.id !== file.id) })} className="text-slate-500 hover:text-red-600">
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
