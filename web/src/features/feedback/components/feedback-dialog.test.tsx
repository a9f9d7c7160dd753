import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toaster';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';

import { FeedbackDialog } from './feedback-dialog';

const QUESTIONS = [
  { id: 1, title: 'How satisfied are you with the designs you received?', kind: 'rating' },
  { id: 4, title: 'Is there anything we could do better?', kind: 'text' },
];

describe('FeedbackDialog', () => {
  it('rates the winner, answers the questions and thanks the client', async () => {
    const requests = mockRoutes({
      'GET /contests/feedback/questions': () => jsonResponse(200, { data: QUESTIONS }),
      'POST /contests/7/feedback': () => jsonResponse(201, { data: [] }),
    });
    const rate = vi.fn(async () => undefined);
    const onClose = vi.fn();
    render(
      <>
        <FeedbackDialog target={{ kind: 'contest', id: 7 }} winner={{ number: 3, designer: 'gold', rating: 0, rate }} onClose={onClose} />
        <Toaster />
      </>,
    );
    const user = userEvent.setup();
    const send = screen.getByRole('button', { name: 'Send feedback' });
    expect(send).toBeDisabled();

    await user.click(within(screen.getByTestId('rate-winner')).getByRole('radio', { name: '5 stars' }));
    await screen.findByText('How satisfied are you with the designs you received?');
    const satisfied = screen.getAllByRole('radiogroup')[1];
    await user.click(within(satisfied).getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Is there anything we could do better?'), 'Faster replies');
    await user.click(send);

    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(rate).toHaveBeenCalledWith(5);
    expect(requests.at(-1)?.body).toEqual({
      answers: [
        { question_id: 1, rating: 4 },
        { question_id: 4, answer: 'Faster replies' },
      ],
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('asks only the questions for a project and sends nothing when "Not now" is chosen', async () => {
    const requests = mockRoutes({ 'GET /contests/feedback/questions': () => jsonResponse(200, { data: QUESTIONS }) });
    const onClose = vi.fn();
    render(<FeedbackDialog target={{ kind: 'project', id: 9 }} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'How did it go?' })).toBeInTheDocument();
    expect(screen.queryByTestId('rate-winner')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Not now' }));
    expect(onClose).toHaveBeenCalled();
    expect(requests.every((request) => request.method === 'GET')).toBe(true);
  });
});
