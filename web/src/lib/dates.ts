/** A date as the portal shows dates (year-month-day), in the browser's time zone. */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A calendar day as stored (YYYY-MM-DD, or an ISO time whose UTC date counts, as the license rules count
 * it), shown year-month-day whatever the browser's time zone; nothing for a value that is not a date.
 */
export function formatDay(value: string): string {
  const day = value.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : '';
}

/**
 * Whether `text` is a whole calendar day written YYYY-MM-DD that exists (2028-02-30 does not): what a
 * date field takes as picked; anything else stays typed text for the form's rules to name.
 */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** A moment as the audit screens show it (year-month-day hours:minutes), in the browser's time zone. */
export function formatDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
