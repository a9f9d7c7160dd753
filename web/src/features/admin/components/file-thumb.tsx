import { useFileUrl } from '@/lib/use-file-url';

/** A stored picture (`/files/{id}/content`, read with the session's token), or a grey square. */
export function FileThumb({ path, size = 'size-9' }: { path: string | null | undefined; size?: string }) {
  const url = useFileUrl(path, { size: 'thumb' });
  if (!url) return <span className={`${size} inline-block shrink-0 rounded bg-slate-100`} aria-hidden="true" />;
  return <img src={url} alt="" className={`${size} shrink-0 rounded border border-slate-200 object-cover`} />;
}
