import * as z from 'zod/mini';
import {
  OFFLINE_LEASE_DAYS,
  OFFLINE_REQUEST_DAYS,
  OFFLINE_REQUEST_PREFIX,
  OFFLINE_RETURN_PREFIX,
  OFFLINE_TEXT_MAX,
  offlineTextMessages,
} from '../../../../shared/licenses/offline';
import type { OfflineRequestRow } from '../../../../shared/licenses/offline-seats.contract';
import type { ConfirmOptions } from '../../components/confirm';
import { formatDateTime } from '../../lib/dates';

/**
 * The largest request or return file read in the browser: the longest text the portal reads, with room
 * for a line ending or two (what the cmd's param allows). A larger file is not one the machine wrote.
 */
export const OFFLINE_FILE_MAX = OFFLINE_TEXT_MAX + 100;

/** A request or a return code: which of the machine's two texts a box takes. */
export type OfflineTextKind = 'request' | 'return';

const startsAs = (text: string, prefix: string) => text.startsWith(`${prefix}.`);

/**
 * Why `text` (trimmed) cannot be the kind of text its box takes, read before any call: too long, the
 * other kind of text, or not a text the machine wrote; null when it may be. The portal checks the rest
 * (the payload, the signature) and words its own refusals.
 */
export function offlineTextProblem(kind: OfflineTextKind, text: string): string | null {
  if (text === '') return kind === 'request' ? offlineTexts.pasteRequest : offlineTexts.pasteReturn;
  if (text.length > OFFLINE_TEXT_MAX) return offlineTextMessages.tooLong;
  if (kind === 'request') {
    if (startsAs(text, OFFLINE_RETURN_PREFIX)) return offlineTextMessages.returnNotRequest;
    return startsAs(text, OFFLINE_REQUEST_PREFIX) ? null : offlineTextMessages.notRequest;
  }
  if (startsAs(text, OFFLINE_REQUEST_PREFIX)) return offlineTextMessages.requestNotReturn;
  return startsAs(text, OFFLINE_RETURN_PREFIX) ? null : offlineTextMessages.notReturn;
}

/** The form of a box taking `kind`: the text as pasted or read from its file, trimmed (a file's last newline goes). */
export const offlineTextSchema = (kind: OfflineTextKind) =>
  z.object({
    text: z.string().check(
      z.trim(),
      z.superRefine((text, context) => {
        const problem = offlineTextProblem(kind, text);
        if (problem) context.addIssue({ code: 'custom', message: problem, input: text });
      }),
    ),
  });

/** A fingerprint as the list shows it: long ones shortened to their start (the whole one is in the request). */
export const shortFingerprint = (fingerprint: string) => (fingerprint.length > 12 ? `${fingerprint.slice(0, 12)}…` : fingerprint);

/** The lease file's name: the license and the machine it is for, in characters every file system takes. */
export const leaseFileName = (request: Pick<OfflineRequestRow, 'license_id' | 'hostname'>) =>
  `lease-${request.license_id}-${request.hostname.replace(/[^A-Za-z0-9._-]+/g, '-')}.json`;

/** A request as the texts name it: "license 12 from bench-3". */
const requestName = (request: Pick<OfflineRequestRow, 'license_id' | 'hostname'>) => `license ${request.license_id} from ${request.hostname}`;

/** What Licenses → Offline activation says. */
export const offlineTexts = {
  backToLicenses: 'Back to licenses',
  intro: `A machine without network writes an offline request: a file, and a short text starting with ${OFFLINE_REQUEST_PREFIX}. Bring it here to get a lease file for that machine: its seat is the machine's for ${OFFLINE_LEASE_DAYS} days (never past the license's last day), counted like any machine's. A request not answered within ${OFFLINE_REQUEST_DAYS} days ends; the machine then makes a new one.`,
  bring: 'Bring a request',
  requestField: 'Request text',
  requestHint: `Paste the text the machine wrote (it starts with ${OFFLINE_REQUEST_PREFIX}.), or choose its request file.`,
  requestFile: 'Request file',
  pasteRequest: 'Paste the request the machine wrote, or choose its request file',
  submit: 'Bring request',
  submitted: (request: OfflineRequestRow) => `Request for ${requestName(request)} received: issue its lease file below`,
  requests: 'Your offline requests',
  noRequests: 'No offline requests waiting, and no offline leases running.',
  license: (licenseId: number) => `License ${licenseId}`,
  fingerprint: (fingerprint: string) => `fingerprint ${shortFingerprint(fingerprint)}`,
  waiting: 'Waiting for its lease',
  requestEnds: (expiresAt: string) => `request ends ${formatDateTime(expiresAt)}`,
  answered: 'Lease file issued',
  leaseEnds: (leaseEnd: string) => `lease ends ${formatDateTime(leaseEnd)}`,
  issue: 'Issue lease file',
  issueLabel: (request: OfflineRequestRow) => `Issue lease file for ${requestName(request)}`,
  issued: (request: OfflineRequestRow) => `Lease file for ${requestName(request)} issued`,
  withdraw: 'Withdraw',
  withdrawLabel: (request: OfflineRequestRow) => `Withdraw the request for ${requestName(request)}`,
  withdrawn: (request: OfflineRequestRow) => `Request for ${requestName(request)} withdrawn`,
  download: 'Download lease file',
  downloadLabel: (request: OfflineRequestRow) => `Download lease file for ${requestName(request)}`,
  /** Said with a lease file just issued, beside its download. */
  ready: (request: OfflineRequestRow) => `Lease file for ${requestName(request)} ready`,
  /** What to do with a lease file once downloaded. */
  carry: (hostname: string, leaseEnd: string | null) =>
    `Carry the lease file to ${hostname} and load it there with the desktop client's offline activation: the client checks it is the portal's and for that machine.${leaseEnd ? ` The seat is ${hostname}'s until ${formatDateTime(leaseEnd)}.` : ''}`,
  carryAny: "Carry a lease file to its machine and load it there with the desktop client's offline activation.",
  returnSection: 'Offline return',
  returnIntro: `To give a seat back, end the lease on the machine: the client prints a return code (starting with ${OFFLINE_RETURN_PREFIX}.). Enter it here and the seat is free at once.`,
  returnField: 'Return code',
  returnHint: `Paste the code the machine printed (it starts with ${OFFLINE_RETURN_PREFIX}.), or choose its file.`,
  returnFile: 'Return code file',
  pasteReturn: 'Paste the return code the machine printed, or choose its file',
  returnSubmit: 'Free the seat',
  returned: (licenseId: number) => `The seat of license ${licenseId} is free`,
  /** A chosen file larger than any the machine writes: refused before it is read. */
  fileTooLarge: (name: string) => `${name} is not a request or return code: their files are at most ${OFFLINE_FILE_MAX.toLocaleString('en-US')} bytes`,
  fileUnreadable: (name: string) => `${name} could not be read: choose it again, or paste its text`,
  clearFile: 'Clear the chosen file',
} as const;

/** What is asked before a request is withdrawn. */
export const offlineQuestions = {
  withdraw: (request: OfflineRequestRow): ConfirmOptions => ({
    title: `Withdraw the request for ${requestName(request)}?`,
    message: `It gets no lease file; to use the license on ${request.hostname}, the machine makes a new request.`,
    confirmLabel: 'Withdraw request',
  }),
};
