/**
 * How the portal shows dates and times, in one place. A date is year-month-day. A calendar day as stored
 * (a license's valid to, a user's last active day: `YYYY-MM-DD`) is shown as it is, in every time zone:
 * read as a moment it would be UTC midnight, the day before west of UTC. A moment (an ISO time) is shown
 * as the browser's day, and a time of day always says its zone ("2026-11-20 14:05 UTC-3:30"), as the
 * reader's clock and the server's (UTC) differ.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored calendar day: YYYY-MM-DD and nothing else. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

const asDate = (value: string | number | Date): Date => (value instanceof Date ? value : new Date(value));

const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * A date as the portal shows dates (year-month-day): a stored calendar day as it is, a moment as its day
 * in the browser's time zone; nothing for a value that is not a date.
 */
export function formatDate(value: string | number | Date): string {
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) return isCalendarDay(value) ? value : '';
  const date = asDate(value);
  return Number.isNaN(date.getTime()) ? '' : localDay(date);
}

/**
 * A calendar day as stored (YYYY-MM-DD, or an ISO time whose UTC date counts, as the license rules count
 * it), shown year-month-day whatever the browser's time zone; nothing for a value that is not a date.
 */
export function formatDay(value: string): string {
  const day = value.slice(0, 10);
  return CALENDAR_DAY.test(day) ? day : '';
}

/**
 * Whether `text` is a whole calendar day written YYYY-MM-DD that exists (2028-02-30 does not): what a
 * date field takes as picked; anything else stays typed text for the form's rules to name.
 */
export function isCalendarDay(text: string): boolean {
  if (!CALENDAR_DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** The browser's time zone at `date` as its offset from UTC: "UTC", "UTC+1", "UTC-3:30", "UTC+5:45". */
export function zoneName(date: Date): string {
  const offset = -date.getTimezoneOffset();
  if (offset === 0) return 'UTC';
  const minutes = Math.abs(offset) % 60;
  return `UTC${offset > 0 ? '+' : '-'}${Math.floor(Math.abs(offset) / 60)}${minutes ? `:${pad(minutes)}` : ''}`;
}

/**
 * A moment with its time of day, in the browser's time zone, which it names: "2026-11-20 14:05 UTC-3:30".
 * Nothing for a value that is not a date.
 */
export function formatDateTime(value: string | number | Date): string {
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${localDay(date)} ${pad(date.getHours())}:${pad(date.getMinutes())} ${zoneName(date)}`;
}
