import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { session } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { NotificationBell } from './notification-bell';

const counters = { count: 1, unread_notifications_count: 1, new_entry_notification_count: 0 };
const boardComment = {
  id: 3,
  notification_type_id: 1,
  plain_content: 'demo-silver commented on your contest Harbor Coffee Roasters',
  data: { contest_id: 7, contest_entry_id: null, id: 55 },
  created_by: 4,
  trigger_entity_id: 55,
  created_at: 1_700_000_000_000,
  read_at: null,
};

describe('the bell', () => {
  afterEach(() => {
    session.user = null;
  });

  it('leads a comment notification to the comment, as the notifications page does', async () => {
    session.user = buildUser({ id: 2, user_type_id: 2 });
    mockRoutes({
      'GET /notifications/unread/count': () => jsonResponse(200, { data: counters }),
      'GET /notifications': () => jsonResponse(200, { data: [boardComment], current_page: 1, per_page: 20, total: 1 }),
      'PUT /notifications/mark-as-reads': () => jsonResponse(200, { data: { ...counters, count: 0, unread_notifications_count: 0 } }),
    });
    const { router } = renderRoutes(
      [
        { path: '/dashboard', element: <NotificationBell userId={2} viewer="client" /> },
        { path: '/contests/:id/entries', element: <p>Contest page</p> },
      ],
      '/dashboard',
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    await user.click(await screen.findByText(boardComment.plain_content));
    await screen.findByText('Contest page');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/contests/7/entries?focusedContestCommentId=55');
  });
});
