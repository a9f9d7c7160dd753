import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { session } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { UsernameSetting } from './username-setting';

const user = buildUser({ id: 7, username: 'dana' });

function show(routes: Parameters<typeof mockRoutes>[0]) {
  session.user = user;
  const requests = mockRoutes(routes);
  renderRoutes([{ path: '/', element: <UsernameSetting user={user} /> }], '/');
  return requests;
}

describe('changing a username', () => {
  it('sends the new name and names the user by it at once', async () => {
    const requests = show({ 'POST /username/reset': () => jsonResponse(200, { data: { ...user, username: 'dana_draws' } }) });
    const button = screen.getByRole('button', { name: 'Change username' });
    expect(button).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), { target: { value: ' dana_draws ' } });
    fireEvent.click(button);
    await screen.findByText('Your username is now dana_draws.');
    expect(requests[0].body).toEqual({ username: 'dana_draws' });
    await waitFor(() => expect(session.user?.username).toBe('dana_draws'));
  });

  it('refuses a name the sign-up rules refuse before asking, and shows a taken name’s field message', async () => {
    const requests = show({
      'POST /username/reset': () => errorResponse(422, 'validation.failed', 'Invalid', { username: [{ code: 'username.taken', message: 'This username is taken.' }] }),
    });
    const input = screen.getByRole('textbox', { name: 'Username' });
    fireEvent.change(input, { target: { value: 'dana draws' } });
    expect(screen.getByText('Use only letters, numbers, dashes and underscores (at most 20).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change username' })).toBeDisabled();
    fireEvent.change(input, { target: { value: 'sil' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change username' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/taken/i);
    expect(requests).toHaveLength(1);
    expect(session.user?.username).toBe('dana');
  });
});
