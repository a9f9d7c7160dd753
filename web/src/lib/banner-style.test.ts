import { describe, expect, it } from 'vitest';

import type { Banner } from './api/banners';
import { applyBannerEvent } from './banner-style';

const banner = (id: number, message: string): Banner => ({
  id,
  message,
  color: 'info',
  is_active: true,
  created_at: 1,
  updated_at: 1,
});

describe('applyBannerEvent', () => {
  it('puts a published banner first and replaces an edited one', () => {
    const shown = [banner(1, 'old')];
    expect(applyBannerEvent(shown, 'banner.published', banner(2, 'new')).map((b) => b.id)).toEqual([2, 1]);
    expect(applyBannerEvent(shown, 'banner.published', banner(1, 'edited'))).toEqual([banner(1, 'edited')]);
  });

  it('takes a withdrawn banner down and ignores what it does not know', () => {
    const shown = [banner(1, 'a'), banner(2, 'b')];
    expect(applyBannerEvent(shown, 'banner.withdrawn', { id: 1 }).map((b) => b.id)).toEqual([2]);
    expect(applyBannerEvent(shown, 'something.else', { id: 1 })).toBe(shown);
    expect(applyBannerEvent(shown, 'banner.withdrawn', null)).toBe(shown);
  });
});
