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
import { dollarFigure } from '@/lib/money';
import type { Notification } from '@/types/api';

const NS = 'notifications';

/**
 * The money each keyed text shows, and in which style. The server's templates write the sign
 * themselves ("{username} bid ${amount} on {project}") and the English here must repeat them word
 * for word (texts.test.ts), so the value becomes the figure alone, formatted as src/lib/money.ts
 * formats every amount: a bid and a budget as a price tag ("$848"), a tip as charged ("$25.00").
 */
const MONEY: Record<string, Record<string, 'exact' | 'price'>> = {
  'bid.created': { amount: 'price' },
  'project.budget_increased': { amount: 'price' },
  'tip.approved': { amount: 'exact' },
};

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
  // Amounts come in dollars, as a number or the server's own string ("25.00").
  for (const [name, style] of Object.entries(MONEY[keyed.key] ?? {})) {
    const amount = Number(values[name]);
    if (values[name] !== null && values[name] !== '' && Number.isFinite(amount)) values[name] = dollarFigure(amount, style);
  }
  // A project status is named in the reader's language from its id; the server's English otherwise.
  const statusId = values.status_id;
  if (statusId !== undefined && i18n.exists(`projectStatus.${String(statusId)}`, { ns: NS, lng: language })) {
    values.status = i18n.t(`projectStatus.${String(statusId)}`, { ns: NS, lng: language });
  }
  return i18n.t(path, { ...values, ns: NS, lng: language });
}
