import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toaster';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';

import { InviteModal } from './invite-modal';

const contests = [
  { id: 3, title: 'Harbor Coffee Roasters', status_id: 2 },
  { id: 4, title: 'Seaside Bakery Logo', status_id: 2 },
  { id: 5, title: 'Closed Pick Logo', status_id: 3 },
];

describe('the contest invitation modal', () => {
  it('invites the designer to the chosen contest with a greeting, and says so', async () => {
    const requests = mockRoutes({
      'GET /contests/active': () => jsonResponse(200, { data: contests, current_page: 1, per_page: 20, next_page_url: null, total: 2 }),
      'POST /messages': () => jsonResponse(201, { message: 'Your message has been sent', data: [] }),
    });
    const onClose = vi.fn();
    render(
      <>
        <InviteModal username="demo-silver" name="Sil Silver" onClose={onClose} />
        <Toaster />
      </>,
    );
    expect(screen.getByText('Sending an e-mail address in a message is against the rules.')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await screen.findByRole('option', { name: 'Seaside Bakery Logo' });
    // A contest deciding its winner takes no more entries: nobody can be invited to it.
    expect(screen.queryByRole('option', { name: 'Closed Pick Logo' })).not.toBeInTheDocument();
    expect(requests[0]?.url).toContain('per_page=100');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '4' } });
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toContain('"Seaside Bakery Logo"');
    fireEvent.click(send);
    await screen.findByText('Your message has been sent');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toMatchObject({ received_by_usernames: ['demo-silver'], contest_id: 4, trigger_id: 2 });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
