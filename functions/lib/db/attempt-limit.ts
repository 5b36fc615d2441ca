import { createHash } from 'node:crypto';
import { Entity } from 'dynamodb-toolbox/entity';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { limitPolicy, type AttemptLimitPolicy, type LimitName } from '../../../shared/contract/limits';
import { ApiError } from '../errors';
import { expiresIn, isConditionFailure, portalTable } from './table';

/**
 * A counter of one user's attempts: at most `max` in any `windowSeconds` (see takeAttempt for how "any"
 * is kept). The API's limits are declared in shared/contract/limits.ts and built here by attemptLimit().
 */
export interface AttemptLimit {
  /** Names the counter: one per kind of attempt (`redeem-code`, `register-product` …). */
  action: string;
  max: number;
  windowSeconds: number;
  /** What the caller is told once the window's attempts are used up. */
  message: string;
}

/**
 * A declared limit (a shared one's name in shared/contract/limits.ts, or a feature's policy) as a counter: a limit kept per value of a param
 * (`per`) gets one counter per value, its key a hash of the value (trimmed, any case), never the value.
 */
export function attemptLimit(limit: LimitName | AttemptLimitPolicy, params: Record<string, unknown> = {}): AttemptLimit {
  const { action, max, windowSeconds, message, ...policy } = limitPolicy(limit);
  if (!policy.per) return { action, max, windowSeconds, message };
  const value = String(params[policy.per] ?? '').trim().toLowerCase();
  return { action: `${action}#${createHash('sha256').update(value).digest('hex').slice(0, 32)}`, max, windowSeconds, message };
}

/**
 * A user's attempts of one kind in one window: pk `attempts#{action}#{userId}`, sk `{window start}`,
 * conditional ADD, gone by TTL once the window after it has passed (it counts there too).
 */
export const AttemptCountEntity = new Entity({
  name: 'attempt-count',
  table: portalTable,
  schema: item({
    action: string().key(),
    user_id: number().key(),
    window: string().key(),
    count: number().default(0),
    ttl: number(),
  }),
  computeKey: ({ action, user_id, window }) => ({ pk: `attempts#${action}#${user_id}`, sk: window }),
  timestamps: false,
});

/** Too many attempts in the window: a 429 the caller may retry after it. */
export class TooManyAttemptsError extends ApiError {
  constructor(message: string) {
    super(429, message);
    this.name = 'TooManyAttemptsError';
  }
}

/** The fixed window `now` falls in, the one before it, and how far into its window `now` is (0 to 1). */
function windowsAt(limit: AttemptLimit, now: Date) {
  const windowMs = limit.windowSeconds * 1000;
  const startMs = Math.floor(now.getTime() / windowMs) * windowMs;
  return {
    current: new Date(startMs).toISOString(),
    previous: new Date(startMs - windowMs).toISOString(),
    // Kept until the next window has passed too: it still counts there (see takeAttempt).
    ttl: expiresIn(limit.windowSeconds * 2, startMs),
    elapsed: (now.getTime() - startMs) / windowMs,
  };
}

async function add(limit: AttemptLimit, userId: number, delta: number, now: Date, below?: number): Promise<void> {
  const { current, ttl } = windowsAt(limit, now);
  await AttemptCountEntity.build(UpdateItemCommand)
    .item({ action: limit.action, user_id: userId, window: current, count: $add(delta), ttl })
    .options(below === undefined ? {} : { condition: { or: [{ attr: 'count', exists: false }, { attr: 'count', lt: below }] } })
    .send();
}

/**
 * Takes one of the user's attempts (or `amount` of what the limit counts, such as bytes) before the
 * attempt is made, atomically, so a loop of parallel calls cannot get past the limit either; throws
 * TooManyAttemptsError when not enough is left. `giveBack` returns it when the call's outcome should not
 * count (the pipeline's limits step, cmd-limits.ts, decides by the limit's `counts`).
 *
 * Counted per fixed window, but the window before still counts for the part of it that lies within the
 * last `windowSeconds`, its attempts taken as spread evenly over it (rounded up): a user who used every
 * attempt in a window's last minute has none at the start of the next, and gets them back as that
 * window goes on. Fixed windows alone would let twice `max` through in a minute around a boundary.
 */
export async function takeAttempt(limit: AttemptLimit, userId: number, now = new Date(), amount = 1): Promise<{ giveBack: () => Promise<void> }> {
  const { previous, elapsed } = windowsAt(limit, now);
  const { Item: before } = await AttemptCountEntity.build(GetItemCommand).key({ action: limit.action, user_id: userId, window: previous }).send();
  const room = limit.max - Math.ceil((before?.count ?? 0) * (1 - elapsed));
  if (room < amount) throw new TooManyAttemptsError(limit.message);
  try {
    // Taken only while the window's count leaves room for all of it.
    await add(limit, userId, amount, now, room - amount + 1);
  } catch (error) {
    if (isConditionFailure(error)) throw new TooManyAttemptsError(limit.message);
    throw error;
  }
  return { giveBack: () => add(limit, userId, -amount, now) };
}
