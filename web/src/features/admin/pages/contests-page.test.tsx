import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { ContestsPage } from './contests-page';

vi.mock('@/realtime/hooks', () => ({ useChannel: () => undefined }));

const contest = {
  id: 9,
  title: 'Harbor Coffee',
  contest_type_id: 1,
  contest_type_title: 'Logo Contest',
  status_id: 2,
  internal_status_id: null,
  created_by: 2,
  client_username: 'demo-client',
  winning_entry_amount: 200,
  is_quick_start: 0,
  is_tip: 0,
  is_highlighted: 0,
  is_featured: 1,
  is_private: 0,
  is_blind: 0,
  is_featured_blog_post: 1,
  extends_disabled: 0,
  entries_count: 3,
  created_at: 1,
  submission_ends_at: null,
};

describe('the admin contest list', () => {
  it('shows the Featured Blog Post upgrade and lists only the contests owed a blog post when asked', async () => {
    await i18n.changeLanguage('en');
    const requests = mockRoutes({
      'GET /admin/contests': () => jsonResponse(200, { data: [contest], current_page: 1, per_page: 48, next_page_url: null, total: 1 }),
    });
    renderRoutes([{ path: '/', element: <ContestsPage kind="all" /> }], '/');
    expect(await screen.findByText('Featured, Featured Blog Post')).toBeInTheDocument();
    expect(requests[0]?.url).not.toContain('is_featured_blog_post');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Blog post owed' }));
    await waitFor(() => expect(requests.some((r) => r.url.includes('filter%5Bis_featured_blog_post%5D=1'))).toBe(true));
  });
});
