import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useFileUrl } from '@/lib/use-file-url';

import { getEntry, type EntryRef } from '../api/reports';

/** One side of a case: the entry's picture, number and designer, linking to the entry. */
export function EntrySide({ label, entry }: { label: string; entry: EntryRef | null }) {
  const { t } = useTranslation('court');
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => {
    if (entry === null) return;
    let live = true;
    void getEntry(entry.contest_id, entry.id)
      .then((found) => {
        if (live) setPath(found.files?.find((file) => file.kind === 1)?.full_path ?? null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [entry]);
  const image = useFileUrl(path, { size: 'medium' });
  return (
    <figure className="min-w-0 flex-1">
      <figcaption className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</figcaption>
      {entry === null ? (
        <div className="flex aspect-square items-center justify-center rounded-md border border-dashed border-slate-300 p-3 text-center text-xs text-slate-500">
          {t('noCopied')}
        </div>
      ) : (
        <a href={`/contests/${entry.contest_id}/entries/${entry.id}`} target="_blank" rel="noreferrer" className="block">
          <div className="aspect-square overflow-hidden rounded-md bg-slate-100">
            {image && <img src={image} alt={t('entry', { number: entry.number })} className="size-full object-cover" />}
          </div>
          <p className="mt-1 truncate text-sm font-medium text-slate-800">{t('entry', { number: entry.number })}</p>
          <p className="truncate text-xs text-slate-500">{t('by', { username: entry.designer.username })}</p>
        </a>
      )}
    </figure>
  );
}
