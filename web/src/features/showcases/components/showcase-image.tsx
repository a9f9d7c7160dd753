import { useFileUrl } from '@/lib/use-file-url';

/** A showcase's image, or a tile with its title when it has none (demo showcases). */
export function ShowcaseImage({ path, title, className = '' }: { path: string | null | undefined; title: string; className?: string }) {
  const url = useFileUrl(path ?? null);
  if (url) return <img src={url} alt={title} className={`object-cover ${className}`} />;
  return (
    <div className={`flex items-center justify-center bg-gradient-to-br from-indigo-100 via-white to-rose-100 p-4 text-center font-semibold text-indigo-900 ${className}`}>
      {title}
    </div>
  );
}
