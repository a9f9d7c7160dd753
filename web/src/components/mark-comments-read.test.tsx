import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { toasts } from '@/lib/toast';
import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';

import { MarkCommentsRead } from './mark-comments-read';

const messages = () => toasts.items.map((item) => `${item.kind}: ${item.message}`);

describe('Mark all comments as read', () => {
  afterEach(() => {
    toasts.items.splice(0);
  });

  it("marks the contest's notifications read and says so in the spec's words", async () => {
    const requests = mockRoutes({
      'PUT /notifications/entities/mark-as-reads': () =>
        jsonResponse(200, { message: 'All comments are marked as read', marked: 2, data: { unread_notifications_count: 0, unread_messages_count: 0 } }),
    });
    render(<MarkCommentsRead target={{ contest_id: 7 }} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark all comments as read' }));
    await waitFor(() => expect(messages()).toEqual(['success: All comments are marked as read']));
    expect(requests[0].body).toEqual({ contest_id: 7 });
  });

  it('says to try again when it fails', async () => {
    mockRoutes({ 'PUT /notifications/entities/mark-as-reads': () => errorResponse(500, 'internal', 'Internal error') });
    render(<MarkCommentsRead target={{ project_id: 4 }} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark all comments as read' }));
    await waitFor(() => expect(messages()).toEqual(['error: Unable to mark all comments as read, please try again!']));
  });
});
