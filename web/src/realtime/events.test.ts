import { describe, expect, it } from 'vitest';

import { bidEvent, typedEvent, workroomEvent } from './events';
import type { EventFrame } from './protocol.gen';

const frame = (type: string, data: unknown, ch = 'user:1'): EventFrame => ({ ch, seq: 1, type, ts: 0, data });

describe('typed live events', () => {
  it('narrows the payload by the event type', () => {
    const typed = typedEvent(frame('message.read', { by: 7, up_to: 42 }));
    if (typed?.type !== 'message.read') throw new Error('not narrowed');
    // Compiles only because `data` is the receipt here.
    expect(typed.data.up_to - typed.data.by).toBe(35);
  });

  it('types every event type the protocol declares, each by its key field', () => {
    expect(typedEvent(frame('marketplace.entry.removed', { contest_entry_id: 3, contest_id: 1, user_id: 2, reason: 'sold' }))?.type).toBe(
      'marketplace.entry.removed',
    );
    expect(typedEvent(frame('admin.queue', { court_cases: 0, contests_to_verify: 1 }))?.type).toBe('admin.queue');
    expect(typedEvent(frame('project.update.reaction', { project_id: 1, project_update_id: 2, count: 1 }))?.type).toBe(
      'project.update.reaction',
    );
  });

  it('drops an unknown type and a payload without its key as a number', () => {
    expect(typedEvent(frame('party.started', { id: 1 }))).toBeNull();
    expect(typedEvent(frame('report.vote', { id: '1' }))).toBeNull();
    expect(typedEvent(frame('badge', { unread_messages_count: 3 }))).toBeNull();
    expect(typedEvent(frame('banner.withdrawn', null))).toBeNull();
  });

  it('reads a workroom comment as the project update comment it is there', () => {
    const typed = workroomEvent(frame('comment.created', { id: 9, project_id: 4, project_update_id: 5, comment: 'ok' }, 'workroom:4'));
    if (typed?.type !== 'comment.created') throw new Error('not narrowed');
    expect(typed.data.project_update_id).toBe(5);
  });

  it('reads bid.created as the count on a project channel and as the bid on its own', () => {
    const count = typedEvent(frame('bid.created', { id: 2, project_id: 4, bids_count: 3 }, 'project:4'));
    if (count?.type !== 'bid.created') throw new Error('not narrowed');
    expect(count.data.bids_count).toBe(3);
    const bid = bidEvent(frame('bid.created', { id: 2, project_id: 4, amount: 300 }, 'bid:2'));
    if (bid?.type !== 'bid.created') throw new Error('not narrowed');
    expect(bid.data.amount).toBe(300);
  });
});
