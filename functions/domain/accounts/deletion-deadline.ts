/** The product's promise to the user: an account is gone within two working days of the request. */
export const DELETION_WORKING_DAYS = 2;

/**
 * The end (23:59:59.999 UTC) of the second working day (Monday to Friday, UTC) after `requested`. UTC
 * throughout, so the promise is the same whatever the time zone of the machine that computes it.
 */
export function deletionDeadline(requested: Date): Date {
  const day = new Date(Date.UTC(requested.getUTCFullYear(), requested.getUTCMonth(), requested.getUTCDate()));
  for (let added = 0; added < DELETION_WORKING_DAYS; ) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) added++;
  }
  day.setUTCHours(23, 59, 59, 999);
  return day;
}
