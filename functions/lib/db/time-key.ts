import { randomUUID } from 'node:crypto';

/**
 * A sort key of a record kept in time order (a download, a user action): the time it was recorded, then
 * a random part. Unique, and its sort order is time order, so one descending Query gives the newest first.
 */
export const timeOrderedKey = (now: Date, random: string = randomUUID().slice(0, 8)): string => `${now.toISOString()}#${random}`;

/** When a record was recorded (ISO 8601), read from its time-ordered key. */
export function timeOfKey(key: string): string {
  const hash = key.indexOf('#');
  return hash === -1 ? key : key.slice(0, hash);
}
