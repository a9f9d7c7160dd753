import { afterEach, describe, expect, it } from 'vitest';

import { formatDate, formatDateTime, toPayloadDate } from './dates';
import { i18n } from './i18n';

// Local times: the helper formats in the viewer's time zone, whatever the machine's is.
const afternoon = new Date(2026, 10, 4, 15, 7);
const pastMidnight = new Date(2026, 0, 9, 0, 5);
const noon = new Date(2026, 11, 31, 12, 30);

describe('dates as the specification formats them', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("shows a moment as 'MMM DD, YYYY h:mm A' in English", () => {
    expect(formatDateTime(afternoon, 'en')).toBe('Nov 04, 2026 3:07 PM');
    expect(formatDateTime(pastMidnight, 'en')).toBe('Jan 09, 2026 12:05 AM');
    expect(formatDateTime(noon.getTime(), 'en')).toBe('Dec 31, 2026 12:30 PM');
  });

  it('shows a moment day first on a 24-hour clock in Spanish', () => {
    expect(formatDateTime(afternoon, 'es')).toBe('04 nov 2026 15:07');
    expect(formatDateTime(pastMidnight, 'es')).toBe('09 ene 2026 00:05');
  });

  it("shows a day as 'MM/DD/YYYY' in English and DD/MM/YYYY in Spanish", () => {
    expect(formatDate(afternoon, 'en')).toBe('11/04/2026');
    expect(formatDate(afternoon, 'es')).toBe('04/11/2026');
  });

  it("sends a day as 'YYYY-MM-DD'", () => {
    expect(toPayloadDate(pastMidnight)).toBe('2026-01-09');
    expect(toPayloadDate(noon.getTime())).toBe('2026-12-31');
  });

  it('follows the interface language when none is given', async () => {
    expect(formatDate(afternoon)).toBe('11/04/2026');
    await i18n.changeLanguage('es');
    expect(formatDate(afternoon)).toBe('04/11/2026');
    expect(formatDateTime(afternoon)).toBe('04 nov 2026 15:07');
  });
});
