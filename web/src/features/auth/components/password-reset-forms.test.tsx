import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toaster';
import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';

import { PasswordResetForm } from './password-reset-form';
import { PasswordResetRequestForm } from './password-reset-request-form';

describe('PasswordResetRequestForm', () => {
  function renderForm() {
    render(
      <MemoryRouter>
        <PasswordResetRequestForm />
        <Toaster />
      </MemoryRouter>,
    );
    return {
      user: userEvent.setup(),
      email: screen.getByLabelText('Email'),
      submit: screen.getByRole('button', { name: 'Send Reset Link' }),
    };
  }

  it('validates the address before sending', async () => {
    const { user, email, submit } = renderForm();
    await user.type(email, 'dana@');
    await user.tab();
    expect(screen.getByText('This field must be a valid email address')).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('toasts "Please check your email." and clears the field', async () => {
    const requests = mockRoutes({
      'POST /password/email': () => jsonResponse(200, { message: 'Please check your email.' }),
    });
    const { user, email, submit } = renderForm();
    await user.type(email, 'dana@example.com');
    await user.click(submit);

    expect(await screen.findByText('Please check your email.')).toBeInTheDocument();
    expect(requests[0].body).toEqual({ email: 'dana@example.com' });
    expect(email).toHaveValue('');
  });

  it("shows the server's message for an unknown address", async () => {
    mockRoutes({
      'POST /password/email': () =>
        errorResponse(422, 'email.exists', 'Sorry. We could not find your email account.'),
    });
    const { user, email, submit } = renderForm();
    await user.type(email, 'ghost@example.com');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry. We could not find your email account.',
    );
  });
});

describe('PasswordResetForm', () => {
  it('checks the confirmation, then stores the new password', async () => {
    const requests = mockRoutes({
      'POST /password/reset/tok-9': () =>
        jsonResponse(200, { message: 'Password changed successfully' }),
    });
    const onSuccess = vi.fn();
    render(<PasswordResetForm token="tok-9" email="dana@example.com" onSuccess={onSuccess} />);
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Reset Password' });

    await user.type(screen.getByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-passwort');
    await user.tab();
    expect(screen.getByText('Your passwords do not match')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password');
    await user.click(submit);

    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('Password changed successfully'));
    expect(requests[0].body).toEqual({
      password: 'new-password',
      confirm_password: 'new-password',
    });
  });
});
