import { describe, expect, it } from 'vitest';

import type { EventFrame } from '@/realtime/protocol.gen';

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
const frame = (type: string, data: unknown): EventFrame => ({ ch: 'broadcast', seq: 1, type, ts: 0, data });

describe('applyBannerEvent', () => {
  it('puts a published banner first and replaces an edited one', () => {
    const shown = [banner(1, 'old')];
    expect(applyBannerEvent(shown, frame('banner.published', banner(2, 'new'))).map((b) => b.id)).toEqual([2, 1]);
    expect(applyBannerEvent(shown, frame('banner.published', banner(1, 'edited')))).toEqual([banner(1, 'edited')]);
  });

  it('takes a withdrawn banner down and ignores what it does not know', () => {
    const shown = [banner(1, 'a'), banner(2, 'b')];
    expect(applyBannerEvent(shown, frame('banner.withdrawn', { id: 1 })).map((b) => b.id)).toEqual([2]);
    expect(applyBannerEvent(shown, frame('something.else', { id: 1 }))).toBe(shown);
    expect(applyBannerEvent(shown, frame('banner.withdrawn', null))).toBe(shown);
  });

  it('takes down, rather than shows unstyled, a banner of a colour it does not know', () => {
    const shown = [banner(1, 'a')];
    expect(applyBannerEvent(shown, frame('banner.published', { ...banner(1, 'a'), color: 'plaid' }))).toEqual([]);
  });
});
