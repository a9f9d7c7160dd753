import { type FileSize, useFileSrcSet, useFileUrl, useNearViewport } from '@/lib/use-file-url';

interface ShowcaseImageProps {
  path: string | null | undefined;
  title: string;
  className?: string;
  /** `thumb` in the grid, `medium` on a showcase's own page. */
  size: FileSize;
  /** In a grid: fetch only once the tile nears the viewport. */
  lazy?: boolean;
}

/** A showcase's image, or a tile with its title when it has none (demo showcases). */
export function ShowcaseImage({ path, title, className = '', size, lazy = false }: ShowcaseImageProps) {
  const [box, near] = useNearViewport<HTMLElement>();
  const url = useFileUrl(path ?? null, { size, enabled: !lazy || near });
  // A grid tile lets the browser pick the server's copy for its width; a showcase's own page shows medium.
  const srcSet = useFileSrcSet(path, lazy && near);
  if (url) {
    const sizes = srcSet ? '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw' : undefined;
    return <img ref={box} src={url} srcSet={srcSet} sizes={sizes} alt={title} loading="lazy" decoding="async" className={`object-cover ${className}`} />;
  }
  return (
    <div ref={box} className={`flex items-center justify-center bg-gradient-to-br from-indigo-100 via-white to-rose-100 p-4 text-center font-semibold text-indigo-900 ${className}`}>
      {title}
    </div>
  );
}
