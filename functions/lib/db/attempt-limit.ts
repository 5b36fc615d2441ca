import { Entity } from 'dynamodb-toolbox/entity';
import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { ApiError } from '../errors';
import { expiresIn, isConditionFailure, portalTable } from './table';

/**
 * How often one user may try something a customer could otherwise call in a loop (guess a code,
 * probe unit uids, upload): at most `max` in each fixed window of `windowSeconds`.
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
 * A user's attempts of one kind in one window: pk `attempts#{action}#{userId}`, sk `{window start}`,
 * conditional ADD, gone by TTL after the window.
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

function windowOf(limit: AttemptLimit, now: Date) {
  const startSeconds = Math.floor(now.getTime() / 1000 / limit.windowSeconds) * limit.windowSeconds;
  return { window: new Date(startSeconds * 1000).toISOString(), ttl: expiresIn(limit.windowSeconds * 2, startSeconds * 1000) };
}

async function add(limit: AttemptLimit, userId: number, delta: number, now: Date, bounded: boolean): Promise<void> {
  const { window, ttl } = windowOf(limit, now);
  await AttemptCountEntity.build(UpdateItemCommand)
    .item({ action: limit.action, user_id: userId, window, count: $add(delta), ttl })
    .options(bounded ? { condition: { or: [{ attr: 'count', exists: false }, { attr: 'count', lt: limit.max }] } } : {})
    .send();
}

/**
 * Takes one of the user's attempts in the current window before the attempt is made, atomically, so a
 * loop of parallel calls cannot get past the limit either; throws TooManyAttemptsError when none is
 * left. Call `giveBack` when the attempt succeeded and should not count (a limit on failures only).
 */
export async function takeAttempt(limit: AttemptLimit, userId: number, now = new Date()): Promise<{ giveBack: () => Promise<void> }> {
  try {
    await add(limit, userId, 1, now, true);
  } catch (error) {
    if (isConditionFailure(error)) throw new TooManyAttemptsError(limit.message);
    throw error;
  }
  return { giveBack: () => add(limit, userId, -1, now, false) };
}

/**
 * Runs `attempt` as one of the user's limited attempts; only a failure (an ApiError the caller is told,
 * such as "not found") keeps counting. A store outage gives the attempt back too: it was not the user's.
 */
export async function limitFailures<T>(limit: AttemptLimit, userId: number, attempt: () => Promise<T>): Promise<T> {
  const taken = await takeAttempt(limit, userId);
  try {
    const result = await attempt();
    await taken.giveBack();
    return result;
  } catch (error) {
    if (!(error instanceof ApiError) || error instanceof TooManyAttemptsError) await taken.giveBack().catch(() => undefined);
    throw error;
  }
}
