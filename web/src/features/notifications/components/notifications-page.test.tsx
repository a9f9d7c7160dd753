import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import type { Notification, User } from '@/types/api';

import { NOTIFICATION_TYPES } from '../targets';

import { NotificationsPage } from './notifications-page';

const client = { id: 1, user_type_id: 2, creative_level_id: null, name: 'Cleo', username: 'cleo' } as User;

const notification = (type: number, read_at: number | null = null): Notification => ({
  id: type,
  notification_type_id: type,
  read_at,
  created_at: Date.UTC(2026, 0, type),
  created_by: 7,
  created_by_user: { id: 7, username: 'sil', name: 'Sil Silver' },
  trigger_entity_id: null,
  plain_content: `text of type ${type}`,
  data: type === 3 ? { id: 55, created_by: 7 } : { contest_id: 3, contest_entry_id: 9, project_id: 4 },
});

const counters = { count: 0, unread_notifications_count: 0, new_entry_notification_count: 0 };

function serve(list: Notification[]) {
  return mockRoutes({
    'GET /notifications': () =>
      jsonResponse(200, { data: list, current_page: 1, per_page: 22, next_page_url: null, total: list.length }),
    'PUT /notifications/mark-as-reads': () => jsonResponse(200, { message: 'ok', data: counters, marked: 1 }),
  });
}

describe('the notifications page', () => {
  it('shows every type 1-22 with its title and text', async () => {
    serve(NOTIFICATION_TYPES.map((type) => notification(type)));
    renderRoutes([{ path: '/notifications', element: <NotificationsPage user={client} /> }], '/notifications');
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(22));
    expect(screen.getByText('text of type 3')).toBeInTheDocument();
    expect(screen.getByText('Message')).toBeInTheDocument();
    expect(screen.getByText('Project finalized')).toBeInTheDocument();
  });

  it("words a notification from its key and values in the reader's language, the server's English for an unknown key", async () => {
    await i18n.changeLanguage('es');
    const submitted = {
      ...notification(4),
      plain_content: 'sil submitted entry #3 to Harbor Coffee',
      data: { contest_id: 3, contest_entry_id: 9, text: { key: 'entry.submitted', values: { username: 'sil', number: 3, contest: 'Harbor Coffee' } } },
    };
    const newer = { ...notification(5), id: 50, plain_content: 'Something only a newer server says', data: { contest_id: 3, text: { key: 'entry.brand_new', values: {} } } };
    serve([submitted, newer]);
    renderRoutes([{ path: '/notifications', element: <NotificationsPage user={client} /> }], '/notifications');
    expect(await screen.findByText('sil envió la propuesta #3 a Harbor Coffee')).toBeInTheDocument();
    expect(screen.getByText('Something only a newer server says')).toBeInTheDocument();
    expect(screen.queryByText('sil submitted entry #3 to Harbor Coffee')).toBeNull();
  });

  it('opens the target in a new tab and marks it read', async () => {
    const requests = serve([notification(3)]);
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderRoutes([{ path: '/notifications', element: <NotificationsPage user={client} /> }], '/notifications');
    fireEvent.click(await screen.findByText('text of type 3'));
    expect(open).toHaveBeenCalledWith('/messages?focusedMessageId=55&userId=7', '_blank', 'noopener');
    await screen.findByText('Notification Marked as Read');
    expect(requests.some((r) => r.method === 'PUT' && JSON.stringify(r.body) === '{"ids":[3]}')).toBe(true);
  });

  it('does nothing with the X of a notification already read', async () => {
    const requests = serve([notification(4, 100)]);
    renderRoutes([{ path: '/notifications', element: <NotificationsPage user={client} /> }], '/notifications');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as read' }));
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('marks everything read', async () => {
    serve([notification(4), notification(5)]);
    renderRoutes([{ path: '/notifications', element: <NotificationsPage user={client} /> }], '/notifications');
    fireEvent.click(await screen.findByTestId('mark-all'));
    await screen.findByText('All Notifications Marked as Read');
    expect(screen.queryAllByLabelText('Unread')).toHaveLength(0);
  });
});
