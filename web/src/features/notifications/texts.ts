/**
 * What a notification says, in the reader's language.
 *
 * The server writes each notification's English (`plain_content`) from a template, and puts the
 * template's key and values in its data: `data.text = {key, values}` (`texts.gen.json` lists every
 * key with its English template, written by the server: `make gen-texts`). The `notifications`
 * catalogue words each key (`texts.<key>`) in English and Spanish; a key this client does not know
 * (a newer server) or a notification without one (written before keys) shows the server's English.
 */
import { i18n } from '@/lib/i18n';
import type { Notification } from '@/types/api';

const NS = 'notifications';

interface Keyed {
  key: string;
  values: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The key and values the server put in `data.text`, if it did. */
export function keyedText(data: unknown): Keyed | null {
  if (!isRecord(data) || !isRecord(data.text)) return null;
  const { key, values } = data.text;
  if (typeof key !== 'string' || !/^[a-z_]+\.[a-z_]+$/.test(key)) return null;
  return { key, values: isRecord(values) ? values : {} };
}

/** The notification's text in `language` (the interface's by default). */
export function notificationText(
  notification: Pick<Notification, 'plain_content' | 'data'>,
  language: string = i18n.language,
): string {
  const keyed = keyedText(notification.data);
  const path = keyed && `texts.${keyed.key}`;
  if (!keyed || !path || !i18n.exists(path, { ns: NS, lng: language })) return notification.plain_content;
  const values: Record<string, unknown> = { ...keyed.values };
  // A project status is named in the reader's language from its id; the server's English otherwise.
  const statusId = values.status_id;
  if (statusId !== undefined && i18n.exists(`projectStatus.${String(statusId)}`, { ns: NS, lng: language })) {
    values.status = i18n.t(`projectStatus.${String(statusId)}`, { ns: NS, lng: language });
  }
  return i18n.t(path, { ...values, ns: NS, lng: language });
}
