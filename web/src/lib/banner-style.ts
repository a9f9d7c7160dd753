import type { Banner, BannerColor } from './api/banners';

/** Tailwind classes of the five banner colours. */
export const BANNER_STYLES: Record<BannerColor, string> = {
  primary: 'border-indigo-200 bg-indigo-50 text-indigo-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  danger: 'border-red-200 bg-red-50 text-red-900',
};

/** Applies one `broadcast` event to the banners shown. */
export function applyBannerEvent(banners: Banner[], type: string, data: unknown): Banner[] {
  if (typeof data !== 'object' || data === null || !('id' in data)) return banners;
  const id = (data as { id: number }).id;
  const others = banners.filter((banner) => banner.id !== id);
  if (type === 'banner.published') return [data as Banner, ...others];
  if (type === 'banner.withdrawn') return others;
  return banners;
}
