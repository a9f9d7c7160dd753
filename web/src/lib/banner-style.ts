import { typedEvent } from '@/realtime/events';
import type { EventFrame } from '@/realtime/protocol.gen';

import { BANNER_COLORS, type Banner, type BannerColor } from './api/banners';

/** Tailwind classes of the five banner colours. */
export const BANNER_STYLES: Record<BannerColor, string> = {
  primary: 'border-indigo-200 bg-indigo-50 text-indigo-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  danger: 'border-red-200 bg-red-50 text-red-900',
};

function isBannerColor(color: string): color is BannerColor {
  return (BANNER_COLORS as readonly string[]).includes(color);
}

/**
 * Applies one `broadcast` event to the banners shown. A published banner of a colour this
 * client does not know is taken down rather than shown unstyled.
 */
export function applyBannerEvent(banners: Banner[], frame: EventFrame): Banner[] {
  const event = typedEvent(frame);
  if (event?.type !== 'banner.published' && event?.type !== 'banner.withdrawn') return banners;
  const others = banners.filter((banner) => banner.id !== event.data.id);
  if (event.type === 'banner.withdrawn') return others;
  const { color } = event.data;
  return isBannerColor(color) ? [{ ...event.data, color }, ...others] : others;
}
