import * as z from 'zod/mini';
import { cmd, defineEndpoint } from '../contract/define';
import type { AttemptLimitPolicy } from '../contract/limits';
import { OFFLINE_TEXT_MAX } from './offline';

export { OFFLINE_LEASE_DAYS, OFFLINE_REQUEST_DAYS, OFFLINE_TEXT_MAX } from './offline';

/** Offline requests a user may bring to the portal a day: a bench or two a day is a lot; each keeps a record. */
export const MAX_OFFLINE_REQUESTS_PER_DAY = 20;
/** Offline leases a user may be given a day (each takes a seat, within the machine budget). */
export const MAX_OFFLINE_ANSWERS_PER_DAY = 20;
/** Requests a user may withdraw a day. */
export const MAX_OFFLINE_WITHDRAWALS_PER_DAY = 50;
/** Return codes a user may enter a day that are refused (forged, replayed, for another lease): a right one never counts. */
export const MAX_FAILED_OFFLINE_RETURNS_PER_DAY = 20;

/** A limit of the feature's own over a day, counting as `counts` says. */
const perDay = (action: string, max: number, counts: AttemptLimitPolicy['counts'], message: string): AttemptLimitPolicy => ({ action, max, windowSeconds: 24 * 3600, counts, message });
const offlineRequestLimit = perDay('offline-request', MAX_OFFLINE_REQUESTS_PER_DAY, 'calls', `You brought ${MAX_OFFLINE_REQUESTS_PER_DAY} offline requests today: try again tomorrow`);
const offlineAnswerLimit = perDay('offline-answer', MAX_OFFLINE_ANSWERS_PER_DAY, 'accepted', `You were given ${MAX_OFFLINE_ANSWERS_PER_DAY} offline leases today: try again tomorrow`);
const offlineWithdrawLimit = perDay('offline-withdraw', MAX_OFFLINE_WITHDRAWALS_PER_DAY, 'calls', `You withdrew ${MAX_OFFLINE_WITHDRAWALS_PER_DAY} offline requests today: try again tomorrow`);
const offlineReturnLimit = perDay(
  'offline-return',
  MAX_FAILED_OFFLINE_RETURNS_PER_DAY,
  'failures',
  `${MAX_FAILED_OFFLINE_RETURNS_PER_DAY} return codes were refused today: check the code and try again tomorrow`,
);

/** A request or return code as pasted, or read from its file: bounded, then taken apart strictly by the portal. */
const signedTextParam = () => z.string().check(z.minLength(1), z.maxLength(OFFLINE_TEXT_MAX + 100));
const requestId = () => z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));

/** An offline request the caller brought, as Licenses → Offline activation lists it. */
export const offlineRequestRowSchema = () =>
  z.object({
    id: z.string(),
    license_id: z.int(),
    /** The machine, as it describes itself in the request. */
    hostname: z.string(),
    fingerprint: z.string(),
    os: z.string(),
    client_version: z.string(),
    /** When the machine made it (ISO 8601), and when it ends unanswered (OFFLINE_REQUEST_DAYS later). */
    created_at: z.string(),
    expires_at: z.string(),
    /** pending: waiting for its lease (the seat was not free, or it was only checked); answered: its lease was given. */
    state: z.enum(['pending', 'answered']),
    answered_at: z.nullable(z.string()),
    /** The answered lease's end (ISO 8601). */
    lease_end: z.nullable(z.string()),
    /** The lease file's contents (JSON), to carry to the machine; kept so it can be downloaded again until it ends. */
    lease: z.nullable(z.string()),
  });
export type OfflineRequestRow = z.infer<ReturnType<typeof offlineRequestRowSchema>>;

const requestResult = () => z.object({ request: offlineRequestRowSchema() });

/**
 * Offline seats (a machine without network), on the `lic/5` endpoint: the machine's request is brought to
 * the portal, answered with a lease file carried back, and the seat is given back with the machine's
 * signed return code. The license must be one the caller may reserve (their own, shared with them, or
 * their organisation's seat for them); the seat counts as held, against the same machine budget.
 */
export const offlineSeatsContract = defineEndpoint({
  path: 'lic/5',
  cmds: {
    /** The offline requests the caller brought that are waiting or whose lease has not ended, newest first. */
    get_offline_requests: cmd('user', () => ({}), () => z.object({ requests: z.array(offlineRequestRowSchema()) })),
    /**
     * Reads a machine's request (its text, or its file's), checks it (signed by the key it names, made
     * within OFFLINE_REQUEST_DAYS, never brought before, a license the caller may use) and keeps it as
     * the machine's one outstanding request. A machine with a request waiting must have it answered or
     * withdrawn first.
     */
    submit_offline_request: cmd('user', () => ({ request: signedTextParam() }), requestResult, { limits: [offlineRequestLimit] }),
    /**
     * Answers a waiting request with the lease file: the seat is the machine's for OFFLINE_LEASE_DAYS
     * (never past the license's last day), signed as every lease is. A request is answered once.
     */
    answer_offline_request: cmd('user', () => ({ request_id: requestId() }), requestResult, { limits: [offlineAnswerLimit] }),
    /** Withdraws a waiting request: the machine may make a new one. */
    withdraw_offline_request: cmd('user', () => ({ request_id: requestId() }), () => z.object({ request_id: z.string() }), { limits: [offlineWithdrawLimit] }),
    /**
     * Frees the seat of the offline lease the return code names, once: the code must be signed by the key
     * of the machine that holds that lease. The owner, the user the lease was given to, or the
     * organisation's owner or admins may enter it.
     */
    return_offline_seat: cmd('user', () => ({ code: signedTextParam() }), () => z.object({ license_id: z.int(), available: z.boolean() }), {
      limits: [offlineReturnLimit],
    }),
  },
});
