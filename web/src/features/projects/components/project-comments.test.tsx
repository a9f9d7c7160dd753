import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { session } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';

import type { UpdateComment } from '../api/updates';

import { ProjectComments } from './project-comments';

const owner = buildUser({ id: 1, user_type_id: 2, username: 'cleo', creative_level_id: null });
const admin = buildUser({ id: 5, user_type_id: 1, username: 'ada', creative_level_id: null });
const comment = (id: number, by: { id: number; username: string }, text: string) =>
  ({ id, project_id: 4, project_update_id: null, comment: text, created_at: 1_700_000_000_000 + id, created_by_user: by }) as unknown as UpdateComment;
const mine = comment(11, { id: 1, username: 'cleo' }, 'Can we start with the logo?');
const theirs = comment(10, { id: 7, username: 'dana' }, 'Hello, I am on it.');
const page = (data: unknown[]) => jsonResponse(200, { data, current_page: 1, per_page: 20, total: data.length, next_page_url: null });

function renderThread(viewer = owner, props: Partial<Parameters<typeof ProjectComments>[0]> = {}) {
  session.user = viewer;
  const onDeleted = vi.fn();
  render(<ProjectComments projectId={4} user={viewer} canPost liveComments={[]} removed={new Set()} onDeleted={onDeleted} {...props} />);
  return onDeleted;
}

describe("the project's own comment thread", () => {
  afterEach(() => {
    session.user = null;
  });

  it('lists the comments and posts one on top', async () => {
    const requests = mockRoutes({
      'GET /projects/4/comments': () => page([mine, theirs]),
      'POST /projects/4/comments': () => jsonResponse(201, { data: comment(12, { id: 1, username: 'cleo' }, 'Navy, please.') }),
    });
    renderThread();
    expect(await screen.findByText('Can we start with the logo?')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Write a comment on the project' }), 'Navy, please.');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.getAllByTestId('project-comment')[0]).toHaveTextContent('Navy, please.'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ comment: 'Navy, please.' });
  });

  it('drops a deleted comment and offers Delete on the author’s own only', async () => {
    mockRoutes({ 'GET /projects/4/comments': () => page([mine, theirs]) });
    renderThread(owner, { removed: new Set([10]) });
    expect(await screen.findByText('Can we start with the logo?')).toBeInTheDocument();
    expect(screen.queryByText('Hello, I am on it.')).toBeNull();
    expect(screen.getByRole('button', { name: "Delete cleo's comment" })).toBeInTheDocument();
  });

  it('lets an admin delete any comment, after confirming', async () => {
    const requests = mockRoutes({
      'GET /projects/4/comments': () => page([mine, theirs]),
      'DELETE /projects/4/comments/10': () => jsonResponse(200, { message: 'Comment deleted' }),
    });
    const onDeleted = renderThread(admin, { canPost: false });
    await screen.findByText('Hello, I am on it.');
    expect(screen.queryByRole('textbox')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: "Delete dana's comment" }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(theirs));
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/projects/4/comments/10')).toBe(true);
  });
});
