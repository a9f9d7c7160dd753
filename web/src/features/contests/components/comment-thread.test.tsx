import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { HIGHLIGHT_MS } from '@/lib/focused-comment';
import type { Comment } from '@/types/api';

import { CommentThread } from './comment-thread';

const comment = (id: number): Comment =>
  ({
    id,
    comment: `comment ${id}`,
    created_at: 1_700_000_000_000 + id,
    contest_entry_id: null,
    created_by_user: { id: 2, username: 'dana' },
  }) as unknown as Comment;

describe('CommentThread with a focused comment', () => {
  afterEach(() => vi.useRealTimers());

  it('scrolls the focused comment into view and highlights it for a moment', () => {
    vi.useFakeTimers();
    const scrolled: string[] = [];
    const scroll = vi.fn(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    Element.prototype.scrollIntoView = scroll;
    const props = { highlights: {}, canPost: false, onPost: () => Promise.resolve(), placeholder: '' };
    const { rerender } = render(<CommentThread {...props} comments={[comment(1)]} focusedId={7} />);
    // Not there yet (a later page): nothing scrolls.
    expect(scroll).not.toHaveBeenCalled();
    rerender(<CommentThread {...props} comments={[comment(1), comment(7)]} focusedId={7} />);
    act(() => vi.advanceTimersByTime(1));
    expect(scrolled).toEqual(['comment-7']);
    const focused = screen.getByText('comment 7').closest('li')!;
    expect(focused).toHaveAttribute('data-focused', 'true');
    expect(screen.getByText('comment 1').closest('li')).not.toHaveAttribute('data-focused');
    act(() => vi.advanceTimersByTime(HIGHLIGHT_MS + 10));
    expect(focused).not.toHaveAttribute('data-focused');
    // A later render (a new comment arriving) does not scroll back to it.
    rerender(<CommentThread {...props} comments={[comment(1), comment(7), comment(8)]} focusedId={7} />);
    act(() => vi.advanceTimersByTime(1));
    expect(scroll).toHaveBeenCalledTimes(1);
  });
});

describe('CommentThread comment box', () => {
  it('is named by its placeholder text, for screen readers once typing hides it', () => {
    render(<CommentThread comments={[]} highlights={{}} canPost onPost={() => Promise.resolve()} placeholder="Reply to the designers" />);
    expect(screen.getByRole('textbox', { name: 'Reply to the designers' })).toHaveAttribute('placeholder', 'Reply to the designers');
  });
});

describe('CommentThread deleting a comment', () => {
  const props = { highlights: {}, canPost: false, onPost: () => Promise.resolve(), placeholder: '' };
  const mine = { ...comment(3), created_by_user: { id: 9, username: 'me' } } as unknown as Comment;

  it('offers Delete only where the reader may, and deletes once confirmed', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    render(<CommentThread {...props} comments={[comment(1), mine]} canDelete={(c) => c.created_by_user.id === 9} onDelete={onDelete} />);
    expect(screen.queryByRole('button', { name: "Delete dana's comment" })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: "Delete me's comment" }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    expect(dialog).toHaveTextContent('comment 3');
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDelete).toHaveBeenCalledWith(mine);
  });

  it('offers nothing without a delete action', () => {
    render(<CommentThread {...props} comments={[mine]} canDelete={() => true} />);
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
