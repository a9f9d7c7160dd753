import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toaster';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';

import { SubmitEntryPanel } from './submit-entry-panel';

describe('the entry submission panel', () => {
  it('takes a name alone in a naming contest, with no image uploaded', async () => {
    const requests = mockRoutes({ 'POST /contests/5/entries': () => jsonResponse(201, { data: { id: 1 } }) });
    const onSubmitted = vi.fn();
    render(
      <>
        <SubmitEntryPanel contestId={5} stats={null} onSubmitted={onSubmitted} textEntry />
        <Toaster />
      </>,
    );
    expect(screen.getByText('Design image (optional)')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Submit Entry' });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name (your entry)' }), 'Night Owl Roasters');
    await userEvent.click(send);
    expect(await screen.findByText('Your entry has been submitted!')).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /contests/5/entries']);
    expect(requests[0]?.body).toEqual({ title: 'Night Owl Roasters' });
    expect(onSubmitted).toHaveBeenCalled();
  });

  it('wants an image in any other contest, whatever the title', async () => {
    render(<SubmitEntryPanel contestId={5} stats={null} onSubmitted={() => undefined} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Title (optional)' }), 'Night Owl');
    expect(screen.getByRole('button', { name: 'Submit Entry' })).toBeDisabled();
  });
});
