import { type FileSize, useFileUrl, useNearViewport } from '@/lib/use-file-url';

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
  if (url) return <img ref={box} src={url} alt={title} className={`object-cover ${className}`} />;
  return (
    <div ref={box} className={`flex items-center justify-center bg-gradient-to-br from-indigo-100 via-white to-rose-100 p-4 text-center font-semibold text-indigo-900 ${className}`}>
      {title}
    </div>
  );
}
