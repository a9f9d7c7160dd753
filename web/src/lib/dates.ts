/**
 * Every date the client shows, formatted in one place, in the viewer's time zone.
 *
 * The specification fixes the English formats: 'MMM DD, YYYY h:mm A' for a moment (contests
 * document, section 8: "Nov 04, 2026 3:07 PM") and 'MM/DD/YYYY' for a day (projects document,
 * section 9); dates sent to the server are 'YYYY-MM-DD'. Spanish (Argentina) readers expect the
 * day first and a 24-hour clock, so the same information reads "04 nov 2026 15:07" and
 * "04/11/2026" there.
 */
import { i18n } from '@/lib/i18n';

type When = number | Date;

const pad = (value: number) => String(value).padStart(2, '0');

function asDate(when: When): Date {
  return typeof when === 'number' ? new Date(when) : when;
}

/** The interface language now (a component re-renders on a change through useTranslation). */
function current(): string {
  return i18n.resolvedLanguage ?? i18n.language ?? 'en';
}

/** 'Nov' / 'nov': the month's short name, without the period some locales add. */
function shortMonth(date: Date, language: string): string {
  const locale = language === 'es' ? 'es-AR' : 'en-US';
  return new Intl.DateTimeFormat(locale, { month: 'short' }).format(date).replace('.', '');
}

/** A moment: 'Nov 04, 2026 3:07 PM' in English, '04 nov 2026 15:07' in Spanish. */
export function formatDateTime(when: When, language: string = current()): string {
  const date = asDate(when);
  const day = pad(date.getDate());
  const month = shortMonth(date, language);
  const year = date.getFullYear();
  const minutes = pad(date.getMinutes());
  if (language === 'es') return `${day} ${month} ${year} ${pad(date.getHours())}:${minutes}`;
  const hours = date.getHours() % 12 === 0 ? 12 : date.getHours() % 12;
  const meridiem = date.getHours() < 12 ? 'AM' : 'PM';
  return `${month} ${day}, ${year} ${hours}:${minutes} ${meridiem}`;
}

/** A day: '11/04/2026' in English (MM/DD/YYYY), '04/11/2026' in Spanish. */
export function formatDate(when: When, language: string = current()): string {
  const date = asDate(when);
  const [day, month, year] = [pad(date.getDate()), pad(date.getMonth() + 1), date.getFullYear()];
  return language === 'es' ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

/** A day as the server's payloads take it: 'YYYY-MM-DD' (the local calendar day). */
export function toPayloadDate(when: When): string {
  const date = asDate(when);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
