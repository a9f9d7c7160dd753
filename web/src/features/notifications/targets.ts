import { isAdmin, isDesigner } from '@/lib/roles';
import type { Notification, User } from '@/types/api';

/** Notification types 1-22 (projects document, section 9). */
export const NOTIFICATION_TYPES = Array.from({ length: 22 }, (_, index) => index + 1);

type Data = Record<string, unknown>;

function idOf(data: Data, key: string): string | null {
  const value = data[key];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return value;
  return null;
}

function withQuery(path: string, query: Record<string, string | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== null) params.set(key, value);
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** Who opens the notification: bid notifications lead designers and clients to different lists. */
export type Viewer = 'designer' | 'client' | 'admin';

export const viewerOf = (user: Pick<User, 'user_type_id'>): Viewer => (isAdmin(user) ? 'admin' : isDesigner(user) ? 'designer' : 'client');

/**
 * Where a notification of each type leads (projects document, section 2, "Notification click
 * targets"). The data keys are those the server writes with each type; a notification whose
 * data lacks what its target needs leads nowhere (null) rather than to a broken page.
 */
export function targetOf(
  notification: Pick<Notification, 'notification_type_id' | 'data' | 'created_by' | 'trigger_entity_id'>,
  viewer: Viewer,
): string | null {
  const data: Data = notification.data ?? {};
  const contest = idOf(data, 'contest_id');
  const entry = idOf(data, 'contest_entry_id');
  const project = idOf(data, 'project_id');
  const bid = idOf(data, 'bid_id');
  const id = idOf(data, 'id') ?? (notification.trigger_entity_id === null ? null : String(notification.trigger_entity_id));
  const trigger = notification.trigger_entity_id === null ? null : String(notification.trigger_entity_id);
  const contestPage = contest === null ? null : `/contests/${contest}/entries`;
  const entryPage = contestPage !== null && entry !== null ? `${contestPage}/${entry}` : null;
  const updates = project === null ? null : `/projects/${project}/projects-updates`;
  const bidList = (list: string, commentId: string | null = null) =>
    project === null ? null : withQuery(`/projects/${list}`, { projectId: project, bidId: bid, commentId });

  switch (notification.notification_type_id) {
    case 1: // a comment on the contest's board
      return contestPage && withQuery(contestPage, { focusedContestCommentId: id });
    case 2: // a comment on an entry
      return entryPage && withQuery(entryPage, { focusedEntryCommentId: id });
    case 3: {
      // a direct message: the conversation with its sender, scrolled to the message
      const sender = idOf(data, 'created_by') ?? (notification.created_by === null ? null : String(notification.created_by));
      return withQuery('/messages', { focusedMessageId: id, userId: sender });
    }
    case 5: // the designer's entry won: the final files are due
    case 6: // the won contest was verified
    case 7: // the winner uploaded the final files: the holder downloads and accepts them there
      return entryPage && `${entryPage}/upload-artwork`;
    case 4: // contest create (the server sends none: a client is not told of their own launch)
    case 8: // an additional entry bought, or a tip approved
    case 9: // verified (also the design court's judgment)
    case 10: // uploaded: a new entry, or an additional entry's final files
      return entryPage ?? contestPage;
    case 11: // a new bid on the client's project
    case 19: // a bid withdrawn
      return bidList('all-projects');
    case 12: // a message in a bid's discussion, scrolled to and highlighted
      return bidList(viewer === 'designer' ? 'unstarted-projects' : 'all-projects', id);
    case 13: // invited to a project
      return bidList('unstarted-projects');
    case 17: // a comment on an update: the update (data `id`) holds the comment (data `comment`)
      return updates && withQuery(updates, { updateId: idOf(data, 'id'), commentId: idOf(data, 'comment') ?? trigger });
    case 20: // a comment on the project's own thread
      return updates && withQuery(updates, { commentId: idOf(data, 'comment') ?? id });
    case 21: // the designer delivered the final files
      return updates && `${updates}/upload-artwork`;
    case 14: // bid approved
    case 15: // status changed
    case 16: // an update posted
    case 18: // budget increased
    case 22: // finalized
      return updates;
    default:
      return entryPage ?? contestPage ?? updates;
  }
}

/**
 * The catalogue key of a notification's title. The design court's judgment travels as type 9
 * ("verified", the server's choice: the specification's list has no court type); its data names
 * the report, which earns it a title of its own.
 */
export function titleKey(notification: Pick<Notification, 'notification_type_id' | 'data'>): string {
  if (notification.notification_type_id === 9 && notification.data?.contest_entry_report_id != null) {
    return 'types.court';
  }
  return `types.${notification.notification_type_id}`;
}
