import type { ImgHTMLAttributes } from 'react';

import { useFileUrl } from '@/lib/use-file-url';

/** A stored file's image, fetched with the bearer token (an <img src> cannot send it). */
export function FileImage({ path, alt, ...rest }: { path: string; alt: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'>) {
  const url = useFileUrl(path);
  if (url === null) return <span role="img" aria-label={alt} className={`block animate-pulse bg-slate-200 ${rest.className ?? ''}`} style={{ minHeight: '5rem' }} />;
  return <img src={url} alt={alt} {...rest} />;
}
