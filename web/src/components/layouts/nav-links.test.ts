import { describe, expect, it } from 'vitest';

import { USER_TYPE } from '@/types/api';

import { navigationFor, plannedPages } from './nav-links';

const targets = (user: Parameters<typeof navigationFor>[0]) =>
  navigationFor(user).primary.flatMap((group) => group.links.map((item) => item.to));

const detail = (subscribed: boolean) => ({
  has_subscribed: subscribed ? 1 : 0,
  about_self: null,
  featured_bio: null,
  country_id: null,
  state_id: null,
  city: null,
});

describe('navigationFor', () => {
  it('gives designers contests to browse, their contests and projects, and the design court', () => {
    const links = targets({ user_type_id: USER_TYPE.designer, detail: null });
    expect(links).toEqual(
      expect.arrayContaining([
        '/available-contests',
        '/contests/participating',
        '/contests/participated',
        '/contests/won',
        '/projects/my-projects',
        '/projects/unstarted-projects',
        '/design-court',
        '/feed',
        '/payments',
        '/messages',
        '/notifications',
      ]),
    );
    expect(links).not.toContain('/payment-methods');
    expect(links.some((to) => to.startsWith('/admin'))).toBe(false);
  });

  it('hides unstarted contests from a subscribed client', () => {
    const client = targets({ user_type_id: USER_TYPE.client, detail: detail(false) });
    expect(client).toEqual(
      expect.arrayContaining([
        '/contests/active',
        '/contests/unstarted',
        '/contests/completed',
        '/projects/all-projects',
        '/payment-methods',
        '/subscriptions',
      ]),
    );
    expect(client).not.toContain('/design-court');

    const subscriber = targets({ user_type_id: USER_TYPE.client, detail: detail(true) });
    expect(subscriber).not.toContain('/contests/unstarted');
    expect(subscriber).toContain('/contests/active');
  });

  it('gives admins the admin pages but no payments or feed', () => {
    const links = targets({ user_type_id: USER_TYPE.admin, detail: null });
    expect(links).toEqual(
      expect.arrayContaining([
        '/admin/contests/verify',
        '/admin/users',
        '/quick-start-contests',
        '/tip-only-contests',
        '/design-court',
      ]),
    );
    expect(links).not.toContain('/payments');
    expect(links).not.toContain('/feed');
  });

  it('puts profile, affiliate and log out in everyone’s account menu, earnings in a designer’s and tips in non-admins’', () => {
    const menus: Record<number, string[]> = {
      [USER_TYPE.admin]: ['/profile', '/affiliate', '/logout'],
      [USER_TYPE.client]: ['/profile', '/tips', '/affiliate', '/logout'],
      [USER_TYPE.designer]: ['/profile', '/earnings', '/tips', '/affiliate', '/logout'],
    };
    for (const user_type_id of Object.values(USER_TYPE)) {
      const { account } = navigationFor({ user_type_id, detail: null });
      const expected = menus[user_type_id];
      expect(account.map((item) => item.to)).toEqual(expected);
    }
  });
});

describe('plannedPages', () => {
  it('lists each linked page once, without /logout', () => {
    const pages = plannedPages().map((page) => page.to);
    expect(new Set(pages).size).toBe(pages.length);
    expect(pages).toContain('/subscriptions');
    expect(pages).toContain('/admin/banners');
    expect(pages).not.toContain('/logout');
  });
});
