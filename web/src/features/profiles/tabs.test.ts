import { describe, expect, it } from 'vitest';

import { featuredBio, profileTabs, roundedRating } from './tabs';

describe('the profile modal tabs', () => {
  it('follow the counts rule', () => {
    expect(profileTabs({ marketplace_count: 2, wining_count: 1 })).toEqual(['portfolio', 'about', 'services', 'forSale', 'reviews']);
    expect(profileTabs({ marketplace_count: 0, wining_count: 3 })).toEqual(['portfolio', 'about', 'services', 'reviews']);
    expect(profileTabs({ marketplace_count: 1, wining_count: 0 })).toEqual(['portfolio', 'about', 'services', 'forSale']);
    expect(profileTabs({ marketplace_count: 0, wining_count: 0 })).toEqual(['portfolio', 'about', 'services']);
  });

  it('show Messages only when opened from a bid discussion', () => {
    expect(profileTabs({ marketplace_count: 0, wining_count: 0 }, true)).toContain('messages');
    expect(profileTabs({ marketplace_count: 5, wining_count: 5 })).not.toContain('messages');
  });
});

describe('the header', () => {
  it('rounds the average to half stars within 0 to 5', () => {
    expect(roundedRating(4.5)).toBe(4.5);
    expect(roundedRating(4.26)).toBe(4.5);
    expect(roundedRating(4.2)).toBe(4);
    expect(roundedRating(null)).toBe(0);
    expect(roundedRating(9)).toBe(5);
  });

  it('shows a featured bio only when it has words', () => {
    expect(featuredBio('  ')).toBeNull();
    expect(featuredBio(null)).toBeNull();
    expect(featuredBio(' Logo designer ')).toBe('Logo designer');
  });
});
