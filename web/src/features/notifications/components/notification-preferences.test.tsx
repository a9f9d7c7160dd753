import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import type { User } from '@/types/api';

import { NotificationsPage } from './notifications-page';

const designer = { id: 7, user_type_id: 3, creative_level_id: 1, name: 'Dana', username: 'dana' } as User;

function serve(muted: number[]) {
  return mockRoutes({
    'GET /notifications': () => jsonResponse(200, { data: [], current_page: 1, per_page: 20, next_page_url: null, total: 0 }),
    'GET /users/7/notification-preferences': () => jsonResponse(200, { data: { muted_notification_type_ids: muted } }),
    'PUT /users/7/notification-preferences': (request) => jsonResponse(200, { data: request.body }),
  });
}

const page = () => renderRoutes([{ path: '/notifications', element: <NotificationsPage user={designer} /> }], '/notifications');

describe('the notification preferences', () => {
  it('shows the muted types unticked and saves the new muted list', async () => {
    const requests = serve([3, 19]);
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Alert settings' }));
    const message = await screen.findByRole('checkbox', { name: 'Message' });
    expect(message).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bid withdrawn' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'New bid' })).toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(22);
    fireEvent.click(message);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Project comment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save alert settings' }));
    await screen.findByText('Alert settings saved');
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ muted_notification_type_ids: [19, 20] });
    expect(screen.getByRole('checkbox', { name: 'Message' })).toBeChecked();
  });

  it("shows the server's refusal instead of the boxes", async () => {
    mockRoutes({
      'GET /notifications': () => jsonResponse(200, { data: [], current_page: 1, per_page: 20, next_page_url: null, total: 0 }),
      'GET /users/7/notification-preferences': () => errorResponse(403, 'auth.forbidden', 'Forbidden'),
    });
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Alert settings' }));
    await waitFor(() => expect(screen.getByTestId('notification-preferences')).toHaveTextContent('Access Denied'));
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});
