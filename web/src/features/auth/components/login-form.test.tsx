import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { session } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';

import { LoginForm } from './login-form';

function renderForm() {
  const onSuccess = vi.fn();
  render(
    <MemoryRouter>
      <LoginForm onSuccess={onSuccess} />
    </MemoryRouter>,
  );
  return {
    onSuccess,
    user: userEvent.setup(),
    username: screen.getByLabelText('Username or email'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Log in' }),
  };
}

describe('LoginForm', () => {
  it('keeps submit disabled until both fields are valid', async () => {
    const { user, username, password, submit } = renderForm();
    expect(submit).toBeDisabled();

    await user.type(username, 'dana');
    expect(submit).toBeDisabled();

    await user.type(password, 'short');
    await user.tab();
    expect(submit).toBeDisabled();
    expect(screen.getByText('Password must be 8-128 characters long.')).toBeInTheDocument();

    await user.type(password, 'er-pass');
    expect(submit).toBeEnabled();
    expect(screen.queryByText('Password must be 8-128 characters long.')).not.toBeInTheDocument();
  });

  it('shows "This field is required" for a field left empty', async () => {
    const { user, username } = renderForm();
    await user.click(username);
    await user.tab();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
  });

  it('disables submit while the request is in flight, then signs in', async () => {
    let answerToken: (response: Response) => void = () => {};
    const requests = mockRoutes({
      'POST /oauth/token': () => new Promise<Response>((resolve) => (answerToken = resolve)),
      'GET /oauth/users': () => jsonResponse(200, { data: buildUser({ name: 'Dana' }) }),
    });
    const { user, username, password, submit, onSuccess } = renderForm();

    await user.type(username, ' dana ');
    await user.type(password, 'password1');
    await user.click(submit);

    expect(submit).toBeDisabled();
    expect(requests[0].body).toEqual({
      grant_type: 'password',
      username: 'dana',
      password: 'password1',
    });

    answerToken(jsonResponse(200, { access_token: 'tok', token_type: 'Bearer', expires_in: 3600 }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(onSuccess.mock.calls[0][0]).toMatchObject({ name: 'Dana' });
    expect(session.token).toBe('tok');
    expect(window.localStorage.getItem('vitrine.access_token')).toBe('tok');
    expect(requests[1].headers.authorization).toBe('Bearer tok');
  });

  it('shows the mapped message in a dismissible danger alert', async () => {
    mockRoutes({
      'POST /oauth/token': () =>
        errorResponse(401, 'oauth.invalid_credentials', 'The user credentials were incorrect.'),
    });
    const { user, username, password, submit, onSuccess } = renderForm();

    await user.type(username, 'dana');
    await user.type(password, 'wrong-password');
    await user.click(submit);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please check your username and password and try again.');
    expect(submit).toBeEnabled();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(session.token).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks Spanish when chosen: labels, field errors and the mapped alert', async () => {
    await i18n.changeLanguage('es');
    mockRoutes({
      'POST /oauth/token': () =>
        errorResponse(401, 'oauth.invalid_credentials', 'The user credentials were incorrect.'),
    });
    const onSuccess = vi.fn();
    render(
      <MemoryRouter>
        <LoginForm onSuccess={onSuccess} />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Usuario o correo'), 'dana');
    await user.type(screen.getByLabelText('Contraseña'), 'short');
    await user.tab();
    expect(screen.getByText('La contraseña debe tener entre 8 y 128 caracteres.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Contraseña'), '-but-longer');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Revisá tu usuario y contraseña y volvé a intentarlo.');
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toBeInTheDocument();
  });

  it("falls back to the server's message for a code outside the catalogue", async () => {
    mockRoutes({
      'POST /oauth/token': () => errorResponse(429, 'auth.not_yet_known', 'Too many attempts.'),
    });
    const { user, username, password, submit } = renderForm();
    await user.type(username, 'dana');
    await user.type(password, 'password1');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
  });

  it('shows the deactivated-account message', async () => {
    mockRoutes({
      'POST /oauth/token': () => errorResponse(403, 'auth.user.inactive', 'inactive'),
    });
    const { user, username, password, submit } = renderForm();
    await user.type(username, 'dana');
    await user.type(password, 'password1');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account is deactivated. Please contact support.',
    );
  });
});
