import type { ImgHTMLAttributes } from 'react';

import { type FileSize, useFileUrl, useNearViewport } from '@/lib/use-file-url';

type FileImageProps = {
  path: string;
  alt: string;
  /** A smaller copy for cards and lists; the original (no size) where it is the deliverable. */
  size?: FileSize;
  /** In a list: fetch only once the picture nears the viewport. */
  lazy?: boolean;
} & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'>;

/** A stored file's image by its signed URL, loaded lazily by the browser too. */
export function FileImage({ path, alt, size, lazy = false, ...rest }: FileImageProps) {
  const [box, near] = useNearViewport<HTMLElement>();
  const url = useFileUrl(path, { size, enabled: !lazy || near });
  if (url === null) return <span ref={box} role="img" aria-label={alt} className={`block animate-pulse bg-slate-200 ${rest.className ?? ''}`} style={{ minHeight: '5rem' }} />;
  return <img ref={box} src={url} alt={alt} loading="lazy" decoding="async" {...rest} />;
}
