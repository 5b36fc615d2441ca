import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The local stand-in for outside services that only receive: every message the product would have
 * sent is appended as one JSON line to a file under the local data folder. Never used in AWS. The
 * file holds codes and addresses: readable by its owner only (0600), in a folder made 0700.
 */
export function appendRecord(file: string, record: object): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  appendFileSync(file, `${JSON.stringify({ ...record, sent: new Date().toISOString() })}\n`, { mode: 0o600 });
}

/** The records of a file, newest first. */
export function readRecords<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T)
    .reverse();
}

/** One mail the product sent, as the local mailbox shows it. */
export interface LocalMail {
  to: string;
  subject: string;
  text: string;
  /** The verification or reset code, where the mail carries one. */
  code?: string;
  sent: string;
}
