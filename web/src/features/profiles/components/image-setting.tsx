import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { useFileUrl } from '@/lib/use-file-url';

/** One of the profile's images (picture or cover): its thumbnail, an upload button and a remove button. */
export function ImageSetting({ label, path, round, onFile, onRemove, busy }: {
  label: string;
  path: string | null | undefined;
  round: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('profiles');
  const url = useFileUrl(path, { size: 'thumb' });
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex items-center gap-4">
      <div className={`flex shrink-0 items-center justify-center overflow-hidden bg-slate-100 text-xs text-slate-600 ${round ? 'size-20 rounded-full' : 'h-20 w-40 rounded-lg'}`}>
        {url ? <img src={url} alt={label} className="h-full w-full object-cover" /> : label}
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-700">{label}</p>
        <div className="flex gap-2">
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/gif"
            className="hidden"
            aria-label={label}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onFile(file);
              event.target.value = '';
            }}
          />
          <Button variant="secondary" isLoading={busy} disabled={busy} onClick={() => input.current?.click()}>
            {busy ? t('page.uploading') : t('page.upload')}
          </Button>
          {path && (
            <Button variant="secondary" disabled={busy} onClick={onRemove}>
              {t('page.remove')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
