import type { ImgHTMLAttributes } from 'react';

import { useFileSrcSet } from '@/lib/use-file-url';

interface StoredPictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  /** The stored file's `full_path` (`/files/{id}/content`). */
  path: string | null | undefined;
  /** Its signed URL at the size the card asked for: the src, and what shows before the srcset is known. */
  url: string;
  /** How wide the picture shows, for the browser's choice among the server's copies. */
  sizes?: string;
}

/**
 * A stored picture by its plain signed URLs (issue #52): the browser picks among the server's copies
 * (thumb 480 px, medium 1280 px) for the space and the screen, loads it when it nears the viewport,
 * decodes it off the main thread, and keeps it in its cache like any other picture.
 */
export function StoredPicture({ path, url, sizes = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw', alt, ...rest }: StoredPictureProps) {
  const srcSet = useFileSrcSet(path);
  return <img src={url} srcSet={srcSet} sizes={srcSet ? sizes : undefined} alt={alt} loading="lazy" decoding="async" {...rest} />;
}
