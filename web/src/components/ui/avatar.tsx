import { useFileUrl } from '@/lib/use-file-url';

interface AvatarProps {
  /** The stored picture (`profile_picture.full_path`), if any. */
  path?: string | null;
  /** Whose picture: the initials stand in while there is none. */
  name: string;
  size?: 'sm' | 'md';
}

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm' } as const;

/** A user's round picture, or their initials on a colour derived from the name. */
export function Avatar({ path, name, size = 'md' }: AvatarProps) {
  const url = useFileUrl(path ?? null, { size: 'thumb' });
  const initials =
    name
      .split(/[\s_-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?';
  const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  if (url !== null) {
    return <img src={url} alt="" className={`${SIZES[size]} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${SIZES[size]} flex shrink-0 items-center justify-center rounded-full font-semibold text-white`}
      style={{ backgroundColor: `hsl(${hue} 45% 30%)` }}
    >
      {initials}
    </span>
  );
}
