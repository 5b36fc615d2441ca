import { randomUUID } from 'node:crypto';

/**
 * A download's id: the time it was recorded, then a random part. Unique, and its sort order is time
 * order, so a user's downloads come back newest first from one descending Query.
 */
export const downloadId = (now: Date, random: string = randomUUID().slice(0, 8)): string => `${now.toISOString()}#${random}`;

/** When a download was recorded (ISO 8601), read from its id. */
export function downloadCreated(id: string): string {
  const hash = id.indexOf('#');
  return hash === -1 ? id : id.slice(0, hash);
}
