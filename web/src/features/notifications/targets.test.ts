import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import type { Notification } from '@/types/api';

import { NOTIFICATION_TYPES, targetOf, titleKey, viewerOf, type Viewer } from './targets';

/** A notification of `type` carrying every key its target could need, as the server writes them. */
const of = (type: number, data: Record<string, unknown>, created_by: number | null = 7) => ({
  notification_type_id: type,
  data,
  created_by,
  trigger_entity_id: null,
});

const contest = { contest_id: 3, contest_entry_id: 9 };
const project = { project_id: 4, bid_id: 8 };

/** The click target of each type (projects document, section 2, "Notification click targets"). */
const expected: [number, Record<string, unknown>, Viewer, string][] = [
  [1, { contest_id: 3, contest_entry_id: null, id: 21 }, 'client', '/contests/3/entries?focusedContestCommentId=21'],
  [2, { ...contest, id: 22 }, 'designer', '/contests/3/entries/9?focusedEntryCommentId=22'],
  [3, { id: 55, created_by: 7, message: 'hi' }, 'designer', '/messages?focusedMessageId=55&userId=7'],
  [4, contest, 'client', '/contests/3/entries/9'],
  [5, contest, 'designer', '/contests/3/entries/9/upload-artwork'],
  [6, contest, 'designer', '/contests/3/entries/9/upload-artwork'],
  [7, contest, 'client', '/contests/3/entries/9/upload-artwork'],
  [8, contest, 'designer', '/contests/3/entries/9'],
  [9, { ...contest, report_id: 2 }, 'designer', '/contests/3/entries/9'],
  [10, contest, 'client', '/contests/3/entries/9'],
  [11, project, 'client', '/projects/all-projects?projectId=4&bidId=8'],
  [12, { ...project, id: 30 }, 'designer', '/projects/unstarted-projects?projectId=4&bidId=8&commentId=30'],
  [12, { ...project, id: 30 }, 'client', '/projects/all-projects?projectId=4&bidId=8&commentId=30'],
  [13, { project_id: 4 }, 'designer', '/projects/unstarted-projects?projectId=4'],
  [14, project, 'designer', '/projects/4/projects-updates'],
  [15, project, 'client', '/projects/4/projects-updates'],
  [16, { project_id: 4, id: 12 }, 'client', '/projects/4/projects-updates'],
  [17, { project_id: 4, id: 12, comment: 40 }, 'designer', '/projects/4/projects-updates?updateId=12&commentId=40'],
  [18, project, 'designer', '/projects/4/projects-updates'],
  [19, project, 'client', '/projects/all-projects?projectId=4&bidId=8'],
  [20, { project_id: 4, comment: 41 }, 'client', '/projects/4/projects-updates?commentId=41'],
  [21, { project_id: 4 }, 'client', '/projects/4/projects-updates/upload-artwork'],
  [22, project, 'designer', '/projects/4/projects-updates'],
];

describe('notification click targets', () => {
  it.each(expected)('type %i leads where the spec says', (type, data, viewer, target) => {
    expect(targetOf(of(type, data), viewer)).toBe(target);
  });

  it('covers every type 1-22', () => {
    expect(new Set(expected.map(([type]) => type))).toEqual(new Set(NOTIFICATION_TYPES));
  });

  it('takes the sender from created_by and ids given as strings', () => {
    expect(targetOf(of(3, { id: '5' }, 9), 'client')).toBe('/messages?focusedMessageId=5&userId=9');
    expect(targetOf(of(4, { contest_id: '3' }), 'client')).toBe('/contests/3/entries');
  });

  it('leads an invited designer to the open project, where they bid, never to a workroom they may not enter', () => {
    // As the server writes an invitation (type 13): the project in data and as the trigger.
    const invitation = { notification_type_id: 13, data: { project_id: 4 }, created_by: 7, trigger_entity_id: 4 };
    const target = targetOf(invitation, viewerOf({ user_type_id: 3 }));
    expect(target).toBe('/projects/unstarted-projects?projectId=4');
    // Before a bid is approved the designer's notifications lead to the lists, not the room.
    for (const type of [12, 13]) expect(targetOf(of(type, project), 'designer')).not.toContain('projects-updates');
  });

  it('tells the viewer from the user type', () => {
    expect(([1, 2, 3] as const).map((user_type_id) => viewerOf({ user_type_id }))).toEqual(['admin', 'client', 'designer']);
  });

  it('leads nowhere when the data lacks what the target needs', () => {
    expect(targetOf(of(5, {}), 'designer')).toBeNull();
    expect(targetOf(of(14, {}), 'designer')).toBeNull();
    expect(targetOf({ ...of(11, {}), data: null } as Pick<Notification, 'notification_type_id' | 'data' | 'created_by' | 'trigger_entity_id'>, 'client')).toBeNull();
  });
});

describe('notification texts', () => {
  it.each(NOTIFICATION_TYPES)('type %i has a title in English and Spanish', (type) => {
    const en = i18n.getFixedT('en', 'notifications')(`types.${type}`);
    const es = i18n.getFixedT('es', 'notifications')(`types.${type}`);
    expect(en).not.toBe(`types.${type}`);
    expect(es).not.toBe(`types.${type}`);
    expect(es).not.toBe(en);
  });
});

describe('the design court judgment', () => {
  it('has a title of its own, though it travels as type 9', () => {
    expect(titleKey({ notification_type_id: 9, data: { contest_id: 3, contest_entry_report_id: 2 } })).toBe('types.court');
    expect(titleKey({ notification_type_id: 9, data: { contest_id: 3 } })).toBe('types.9');
    expect(i18n.getFixedT('es', 'notifications')('types.court')).toBe('Fallo del tribunal de diseño');
  });
});
