import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import type { User } from '@/types/api';

import { NotificationsPage } from './notifications-page';

const designer = { id: 7, user_type_id: 3, creative_level_id: 1, name: 'Dana', username: 'dana' } as User;

const client = { id: 7, user_type_id: 2, name: 'Cleo', username: 'cleo' } as User;

function serve(muted: number[], receivesLaunchMail = 1) {
  return mockRoutes({
    'GET /notifications': () => jsonResponse(200, { data: [], current_page: 1, per_page: 20, next_page_url: null, total: 0 }),
    'GET /users/7/notification-preferences': () =>
      jsonResponse(200, { data: { muted_notification_type_ids: muted, receives_launch_mail: receivesLaunchMail } }),
    'PUT /users/7/notification-preferences': (request) => {
      const body = request.body as { muted_notification_type_ids: number[]; receives_launch_mail?: number };
      return jsonResponse(200, { data: { receives_launch_mail: receivesLaunchMail, ...body } });
    },
  });
}

const page = (user: User = designer) =>
  renderRoutes([{ path: '/notifications', element: <NotificationsPage user={user} /> }], '/notifications');

describe('the notification preferences', () => {
  it('shows the muted types unticked and saves the new muted list', async () => {
    const requests = serve([3, 19]);
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Alert settings' }));
    const message = await screen.findByRole('checkbox', { name: 'Message' });
    expect(message).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bid withdrawn' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'New bid' })).toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(23);
    fireEvent.click(message);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Project comment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save alert settings' }));
    await screen.findByText('Alert settings saved');
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ muted_notification_type_ids: [19, 20], receives_launch_mail: 1 });
    expect(screen.getByRole('checkbox', { name: 'Message' })).toBeChecked();
  });

  it('lets a designer who unsubscribed from launch e-mails take them back', async () => {
    const requests = serve([], 0);
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Alert settings' }));
    const launchMail = await screen.findByRole('checkbox', { name: 'E-mail me when a new contest I can enter launches' });
    expect(launchMail).not.toBeChecked();
    fireEvent.click(launchMail);
    fireEvent.click(screen.getByRole('button', { name: 'Save alert settings' }));
    await screen.findByText('Alert settings saved');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ muted_notification_type_ids: [], receives_launch_mail: 1 });
  });

  it('words the launch e-mail box in Spanish', async () => {
    await i18n.changeLanguage('es');
    serve([]);
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajustes de avisos' }));
    const box = await screen.findByRole('checkbox', { name: 'Avisarme por e-mail cuando se lanza un concurso nuevo en el que puedo participar' });
    expect(box).toBeChecked();
  });

  it('offers a client no launch e-mail box and leaves the flag alone', async () => {
    const requests = serve([]);
    page(client);
    fireEvent.click(await screen.findByRole('button', { name: 'Alert settings' }));
    await screen.findByRole('checkbox', { name: 'Message' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(22);
    fireEvent.click(screen.getByRole('button', { name: 'Save alert settings' }));
    await screen.findByText('Alert settings saved');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ muted_notification_type_ids: [] });
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
