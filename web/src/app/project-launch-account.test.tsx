import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { activeReferral, rememberReferral } from '@/features/auth/referral';
import { i18n } from '@/lib/i18n';
import { session } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { USER_TYPE } from '@/types/api';

import { routes } from './router';
import { ProjectAccountGate } from './routes/app/projects';

// The project launch's account step (projects doc, "Project launch screen": Create an Account and
// Log in) is the contest launch's (the auth feature's), composed by the app: tested here.

const HOUR = 3_600_000;
const newClient = buildUser({ id: 31, user_type_id: USER_TYPE.client, username: 'tess' });

function signUpRoutes(register: () => Response = () => jsonResponse(201, { data: newClient })) {
  return mockRoutes({
    'POST /oauth/register': register,
    'POST /oauth/token': () => jsonResponse(200, { access_token: 'tok', token_type: 'Bearer', expires_in: 3600 }),
    'GET /oauth/users': () => jsonResponse(200, { data: newClient }),
  });
}

function renderGate() {
  const onSignedIn = vi.fn();
  render(
    <MemoryRouter>
      <ProjectAccountGate onSignedIn={onSignedIn} />
    </MemoryRouter>,
  );
  return { onSignedIn, user: userEvent.setup() };
}

async function fillAccount(user: UserEvent) {
  await user.type(screen.getByLabelText('Email'), 'tess@example.com');
  await user.type(screen.getByLabelText('Phone'), '+1 555 0111');
  await user.type(screen.getByLabelText('Username'), 'tess');
  await user.type(screen.getByLabelText('Name'), 'Tess Tide');
  await user.type(screen.getByLabelText('Password'), 'tide-bakery-2026');
}

const terms = () => screen.getByLabelText('I agree to the Terms and Conditions');
const createAccount = () => screen.getByRole('button', { name: 'Create Account and Proceed' });
const registrations = (requests: { url: string; body: unknown }[]) => requests.filter((r) => r.url === '/oauth/register');

describe("the project launch's sign-up tab", () => {
  afterEach(() => {
    session.user = null;
    session.token = null;
  });

  it("refuses to send the account unticked with 'Please accept terms', and sends the ticked box", async () => {
    const requests = signUpRoutes();
    const { user, onSignedIn } = renderGate();
    await fillAccount(user);
    await user.click(createAccount());
    expect(terms()).toHaveAccessibleDescription('Please accept terms');
    expect(registrations(requests)).toEqual([]);

    await user.click(terms());
    expect(terms()).not.toHaveAccessibleDescription();
    await user.click(createAccount());
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(onSignedIn.mock.calls[0][0]).toMatchObject({ id: 31 });
    expect(registrations(requests).map((r) => r.body)).toEqual([
      { email: 'tess@example.com', phone: '+1 555 0111', name: 'Tess Tide', username: 'tess', password: 'tide-bakery-2026', agree_terms: 1, user_type_id: USER_TYPE.client },
    ]);
  });

  // The messages are the client's words for the fields' codes (as every error envelope is shown).
  it("shows the server's per-field messages under their fields, each cleared as it is edited", async () => {
    signUpRoutes(() =>
      errorResponse(422, 'request.invalid', 'Please check the highlighted fields.', {
        email: [{ code: 'email.unique', message: 'That email is already registered.' }],
        username: [{ code: 'username.unique', message: 'That username is already in use.' }],
      }),
    );
    const { user, onSignedIn } = renderGate();
    await fillAccount(user);
    await user.click(terms());
    await user.click(createAccount());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('That email is already associated with an account.');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('That username is already in use.');
    expect(screen.getByLabelText('Phone')).not.toHaveAccessibleDescription();
    await user.type(screen.getByLabelText('Username'), '2');
    expect(screen.getByLabelText('Username')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('That email is already associated with an account.');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('sends the stored referral code, decoded, while it is within the referral duration (720 hours)', async () => {
    rememberReferral('friend-42', Date.now() - 10 * HOUR);
    const requests = signUpRoutes();
    const { user, onSignedIn } = renderGate();
    await fillAccount(user);
    await user.click(terms());
    await user.click(createAccount());
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(registrations(requests)[0].body).toMatchObject({ referral_source: 'friend-42' });
  });

  it('sends no referral code stored longer ago than the duration', async () => {
    rememberReferral('friend-42', Date.now() - 721 * HOUR);
    const requests = signUpRoutes();
    const { user, onSignedIn } = renderGate();
    await fillAccount(user);
    await user.click(terms());
    await user.click(createAccount());
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(registrations(requests)[0].body).not.toHaveProperty('referral_source');
  });

  it("keeps a ?ref= code of the launch link, and names the Log in tab's button 'Log me in'", async () => {
    mockRoutes({ 'GET /projects/categories': () => jsonResponse(200, { data: [] }) });
    renderRoutes(routes, '/projects/launch?ref=harbour-7');
    expect(await screen.findByRole('heading', { name: 'Start a New Project' })).toBeInTheDocument();
    expect(activeReferral()).toBe('harbour-7');

    const { user } = renderGate();
    await user.click(screen.getByRole('tab', { name: 'Log in' }));
    expect(screen.getByRole('button', { name: 'Log me in' })).toBeInTheDocument();
  });

  it('speaks Spanish: the terms, their message and the Log in button', async () => {
    await i18n.changeLanguage('es');
    renderGate();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Crear cuenta y continuar' }));
    expect(screen.getByLabelText('Acepto los Términos y Condiciones')).toHaveAccessibleDescription('Aceptá los términos');
    await user.click(screen.getByRole('tab', { name: 'Iniciar sesión' }));
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
  });
});
