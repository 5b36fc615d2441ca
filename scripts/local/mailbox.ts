import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** One mail the product sent, as the local mailbox shows it. */
export interface LocalMail {
  to: string;
  subject: string;
  text: string;
  /** The verification or reset code, where the mail carries one. */
  code?: string;
  sent: string;
}

/**
 * The local mailbox: every mail the product would send (Cognito's codes and the product's own mail)
 * is appended as one JSON line to one file under the local data folder. Newest first when read.
 */
export function appendMail(file: string, mail: Omit<LocalMail, 'sent'>): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify({ ...mail, sent: new Date().toISOString() })}\n`);
}

export function readMailbox(file: string): LocalMail[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LocalMail)
    .reverse();
}
