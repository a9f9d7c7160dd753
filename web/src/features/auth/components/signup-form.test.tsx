import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toaster';
import { session } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';

import { SignupForm } from './signup-form';

const LOCATIONS = {
  'GET /regions': () => jsonResponse(200, { data: [{ id: 1, name: 'North America' }] }),
  'GET /countries': () =>
    jsonResponse(200, {
      data: [
        { id: 10, name: 'United States', iso2: 'US', region_id: 1, has_states: true },
        { id: 11, name: 'Bermuda', iso2: 'BM', region_id: 1, has_states: false },
      ],
    }),
  'GET /countries/10/states': () =>
    jsonResponse(200, { data: [{ id: 100, name: 'Texas', code: 'TX', tax_percentage_off: 0 }] }),
};

function renderForm(referral?: string) {
  const onSuccess = vi.fn();
  render(
    <MemoryRouter>
      <SignupForm referral={referral} onSuccess={onSuccess} />
      <Toaster />
    </MemoryRouter>,
  );
  return { onSuccess, user: userEvent.setup() };
}

async function fillForm(user: UserEvent, country: string) {
  await user.type(screen.getByLabelText('Email'), 'dana@example.com');
  await user.type(screen.getByLabelText('Full name'), 'Dana Designer');
  await user.type(screen.getByLabelText('Username'), 'dana');
  await user.type(screen.getByLabelText('Phone'), '5550100');
  await screen.findByRole('option', { name: 'North America' });
  await user.selectOptions(screen.getByLabelText('Region'), 'North America');
  await screen.findByRole('option', { name: country });
  await user.selectOptions(screen.getByLabelText('Country'), country);
  await user.type(screen.getByLabelText('City'), 'Austin');
  await user.type(screen.getByLabelText('Password'), 'password1');
  await user.type(screen.getByLabelText('Confirm password'), 'password1');
  await user.type(screen.getByLabelText('PayPal email'), 'pay@example.com');
  await user.click(screen.getByLabelText('I agree to the Terms and Conditions'));
  await user.click(screen.getByLabelText('I am 18 years of age or older'));
}

const submitButton = () => screen.getByRole('button', { name: 'Create Account and Proceed' });

describe('SignupForm', () => {
  it('cascades region -> country -> state, registers, then signs in', async () => {
    const requests = mockRoutes({
      ...LOCATIONS,
      'POST /oauth/register': () => jsonResponse(201, { data: buildUser() }),
      'POST /oauth/token': () =>
        jsonResponse(200, { access_token: 'tok', token_type: 'Bearer', expires_in: 3600 }),
      'GET /oauth/users': () => jsonResponse(200, { data: buildUser() }),
    });
    const { user, onSuccess } = renderForm('friend42');

    await fillForm(user, 'United States');
    expect(requests.map((r) => r.url)).toContain('/countries?filter%5Bregion_id%5D=1');
    // The United States has states, so one must be chosen.
    expect(submitButton()).toBeDisabled();
    await screen.findByRole('option', { name: 'Texas' });
    await user.selectOptions(screen.getByLabelText('State'), 'Texas');
    expect(submitButton()).toBeEnabled();

    await user.click(submitButton());

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    const registration = requests.find((r) => r.url === '/oauth/register');
    expect(registration?.body).toEqual({
      email: 'dana@example.com',
      region_id: 1,
      country_id: 10,
      state_id: 100,
      city: 'Austin',
      name: 'Dana Designer',
      username: 'dana',
      phone: '5550100',
      password: 'password1',
      confirm_password: 'password1',
      paypal_email: 'pay@example.com',
      agree_terms: 1,
      agree_age_requirements: 1,
      user_type_id: 3,
      referral_source: 'friend42',
    });
    expect(requests.find((r) => r.url === '/oauth/token')?.body).toEqual({
      grant_type: 'password',
      username: 'dana',
      password: 'password1',
    });
    expect(screen.getByText('Registered Successfully')).toBeInTheDocument();
    expect(session.token).toBe('tok');
  });

  it('sends no state for a country without states', async () => {
    const requests = mockRoutes({
      ...LOCATIONS,
      'POST /oauth/register': () => jsonResponse(201, { data: buildUser() }),
      'POST /oauth/token': () =>
        jsonResponse(200, { access_token: 'tok', token_type: 'Bearer', expires_in: 3600 }),
      'GET /oauth/users': () => jsonResponse(200, { data: buildUser() }),
    });
    const { user, onSuccess } = renderForm();

    await fillForm(user, 'Bermuda');
    expect(screen.queryByLabelText('State')).not.toBeInTheDocument();
    await user.click(submitButton());

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const body = requests.find((r) => r.url === '/oauth/register')?.body;
    expect(body).toMatchObject({ country_id: 11, state_id: null });
    expect(body).not.toHaveProperty('referral_source');
    expect(requests.some((r) => r.url.startsWith('/countries/11/states'))).toBe(false);
  });

  it("shows the server's message in a danger alert and its field message by the field", async () => {
    mockRoutes({
      ...LOCATIONS,
      'POST /oauth/register': () =>
        errorResponse(422, 'username.unique', 'That username is already in use.', {
          username: [{ code: 'username.unique', message: 'That username is already in use.' }],
        }),
    });
    const { user, onSuccess } = renderForm();
    await fillForm(user, 'Bermuda');
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That username is already in use.');
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAccessibleDescription('That username is already in use.');
    expect(onSuccess).not.toHaveBeenCalled();

    await user.type(username, '2');
    expect(username).not.toHaveAccessibleDescription();
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
