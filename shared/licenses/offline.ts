import * as z from 'zod/mini';
import { decodeBase64urlJson } from '../base64url';
import { machineSchema } from './seat';

/**
 * The offline seat protocol's texts, for a machine that never reaches the portal (an air-gapped bench):
 * the machine writes a request, someone carries it to the portal and carries back a lease; to give the
 * seat back, the machine prints a return code that is carried to the portal the same way. Each text is
 * `PREFIX.<payload>.<signature>`: the payload base64url JSON, the signature the machine's own Ed25519
 * signature (base64url) of the payload's ASCII bytes, so the portal knows the request and the return come
 * from the machine that holds the key named in the request. Short enough for a QR code.
 */

/** How long an offline lease lasts (never past the license's last day): a month on a bench, then a new request. */
export const OFFLINE_LEASE_DAYS = 30;
/** A request the portal has not answered within this many days of its making ends: the machine makes a new one. */
export const OFFLINE_REQUEST_DAYS = 14;
/** The longest text (or uploaded file) the portal reads as a request or return code: a QR code's worth. */
export const OFFLINE_TEXT_MAX = 2_000;

export const OFFLINE_REQUEST_PREFIX = 'SEATREQ1';
export const OFFLINE_RETURN_PREFIX = 'SEATRET1';

const base64url = (length: number) => z.string().check(z.regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`)));
/** An ISO 8601 time as `Date.toISOString` writes it. */
const isoTime = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/));

/** A machine's Ed25519 public key: its 32 raw bytes, base64url (a JWK's `x`). */
export const machineKeySchema = () => base64url(43);

/** What an offline request asks for, as the machine signs it. */
export const offlineRequestSchema = z.strictObject({
  v: z.literal(1),
  license_id: z.int().check(z.positive()),
  machine: machineSchema,
  /** 16 random bytes (base64url): a request is answered once; the same request again is refused. */
  nonce: base64url(22),
  machine_key: machineKeySchema(),
  /** When the machine made it: the request ends OFFLINE_REQUEST_DAYS later. */
  created_at: isoTime(),
});
export type OfflineRequest = z.infer<typeof offlineRequestSchema>;

/** What a return code says, as the machine signs it: this machine gave back the lease `lease_id`. */
export const offlineReturnSchema = z.strictObject({
  v: z.literal(1),
  license_id: z.int().check(z.positive()),
  fingerprint: machineSchema.shape.fingerprint,
  /** The lease it ends (the reservation's `lease_id`): a return code frees only the seat of that lease, once. */
  lease_id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  returned_at: isoTime(),
});
export type OfflineReturn = z.infer<typeof offlineReturnSchema>;

/** A signed text taken apart: the payload as signed (ASCII), its decoded value, and the signature's bytes (base64url). */
export interface SignedText<T> {
  signed: string;
  value: T;
  signature: string;
}

const day = (iso: string) => iso.slice(0, 10);

/** What the offline cmds answer when they refuse. */
export const offlineMessages = {
  badSignature: 'This request is not signed by the machine key it names: make a new one on the machine',
  madeInFuture: "This request was made later than now by the machine's clock: set the machine's clock and make a new one",
  ended: (expiresAt: string) => `This request ended on ${day(expiresAt)}, ${OFFLINE_REQUEST_DAYS} days after the machine made it: make a new one on the machine`,
  broughtBefore: 'This request was brought to the portal before: make a new one on the machine',
  waiting: (licenseId: number, since: string) =>
    `This machine has a request for license ${licenseId} waiting since ${day(since)}: issue its lease file or withdraw it first`,
  unknownRequest: 'No such offline request: it was withdrawn, or it ended',
  answered: 'This request was answered already: download its lease file from the list',
  returnForged: 'This return code is not signed by the machine that holds the seat',
  returnSpent: 'This return code is for a lease that no longer holds the seat: it was returned already, or the seat was freed or given again',
} as const;

/** Why a text is not a request or return code, as the person who pasted it is told. */
export const offlineTextMessages = {
  tooLong: `This is not a request or return code: those are at most ${OFFLINE_TEXT_MAX} characters`,
  notRequest: 'This is not an offline request: paste the text the machine wrote (it starts with SEATREQ1.)',
  notReturn: 'This is not a return code: paste the text the machine printed (it starts with SEATRET1.)',
  returnNotRequest: 'This is a return code, not a request: enter it under Offline return',
  requestNotReturn: 'This is an offline request, not a return code: enter it under Offline activation',
} as const;

/**
 * Takes a signed text apart, strictly: the prefix, a payload of at most OFFLINE_TEXT_MAX characters that
 * decodes to what `schema` allows and nothing more, a 64-byte signature. Whitespace around it (a pasted
 * line, a file's last newline) is ignored; anything else answers null. The signature is checked by whoever
 * knows the key (the portal, the machine).
 */
export function parseSignedText<T>(text: string, prefix: string, schema: z.ZodMiniType<T>): SignedText<T> | null {
  const trimmed = text.trim();
  if (trimmed.length > OFFLINE_TEXT_MAX) return null;
  const match = new RegExp(`^${prefix}\\.([A-Za-z0-9_-]{1,${OFFLINE_TEXT_MAX}})\\.([A-Za-z0-9_-]{86})$`).exec(trimmed);
  if (!match) return null;
  let decoded: unknown;
  try {
    decoded = decodeBase64urlJson(match[1]!);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(decoded);
  return parsed.success ? { signed: match[1]!, value: parsed.data, signature: match[2]! } : null;
}

/** The text `PREFIX.<payload>.<signature>` of a payload signed as `signature` (base64url). */
export const signedText = (prefix: string, signed: string, signature: string) => `${prefix}.${signed}.${signature}`;

/** When a request made at `createdAt` ends unanswered. */
export const offlineRequestEnd = (createdAt: string) => new Date(Date.parse(createdAt) + OFFLINE_REQUEST_DAYS * 86_400_000);
