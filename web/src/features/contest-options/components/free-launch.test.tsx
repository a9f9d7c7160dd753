import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';

import { FreeLaunch } from './free-launch';

const started = { id: 7, status_id: 2 };

describe('FreeLaunch', () => {
  it('starts the contest with one click when the coupon covers it all', async () => {
    const calls = mockRoutes({ 'POST /contests/7/launch/free': () => jsonResponse(200, { data: started }) });
    const onStarted = vi.fn();
    render(<FreeLaunch contestId={7} onStarted={onStarted} />);
    await userEvent.click(screen.getByTestId('free-launch-button'));
    await waitFor(() => expect(onStarted).toHaveBeenCalledOnce());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows the server refusal when something is to pay after all, and stays', async () => {
    mockRoutes({
      'POST /contests/7/launch/free': () => errorResponse(409, 'contest.post.coupon_code', 'Sorry, You have to pay the amount.'),
    });
    const onStarted = vi.fn();
    render(<FreeLaunch contestId={7} onStarted={onStarted} />);
    await userEvent.click(screen.getByTestId('free-launch-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, You have to pay the amount.');
    expect(onStarted).not.toHaveBeenCalled();
  });
});
