import { describe, expect, it } from 'vitest';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { AttemptCountEntity, takeAttempt, TooManyAttemptsError, type AttemptLimit } from '../../functions/lib/db/attempt-limit';
import { asUnit } from '../support/api';

/**
 * The per-user limits on what a customer could call in a loop, against DynamoDB Local: at most `max` in
 * any window's length, also across the boundary of two fixed windows. Each test has a limit of its own
 * (its own action name), so the records it counts are only its own.
 */
const HOUR = 3600;
let tests = 0;
const limitOf = (max: number): AttemptLimit => ({
  action: `test-limit-${Date.now()}-${(tests += 1)}`,
  max,
  windowSeconds: HOUR,
  message: 'Too many tries: try again later',
});
const USER = 424_242;
/** A window boundary (a whole hour) and times around it. */
const boundary = Date.parse('2031-03-04T05:00:00Z');
const at = (seconds: number) => new Date(boundary + seconds * 1000);

/** Takes attempts one after another at `when`; answers how many were granted before the first refusal. */
async function granted(limit: AttemptLimit, when: Date, tries: number): Promise<number> {
  return asUnit({ endpoint: 'case' }, async () => {
    for (let i = 0; i < tries; i++) {
      try {
        await takeAttempt(limit, USER, when);
      } catch (error) {
        if (error instanceof TooManyAttemptsError) return i;
        throw error;
      }
    }
    return tries;
  });
}

describe('a per-user attempt limit', () => {
  it('refuses the attempt after the last, with its message', async () => {
    const limit = limitOf(3);
    expect(await granted(limit, at(-1800), 3)).toBe(3);
    await expect(asUnit({ endpoint: 'case' }, () => takeAttempt(limit, USER, at(-1700)))).rejects.toMatchObject({ httpStatus: 429, message: limit.message });
  });

  it('still counts the attempts of a window’s last seconds just after the boundary, and gives them back as the next window goes on', async () => {
    const limit = limitOf(10);
    expect(await granted(limit, at(-2), 10)).toBe(10);
    // Two seconds later, in the next fixed window: the ten are still within the last hour.
    expect(await granted(limit, at(2), 5)).toBe(0);
    // Half an hour on, the previous window counts half (5): five more.
    expect(await granted(limit, at(HOUR / 2), 10)).toBe(5);
    // Two windows on, only the last one counts (its five, spread over it: three of them still count).
    expect(await granted(limit, at(HOUR + HOUR / 2), 10)).toBe(7);
  });

  it('lets a loop of parallel attempts through only up to the limit', async () => {
    const limit = limitOf(10);
    // Each caller asks until it hears yes or no: on a busy machine a store call may time out, and is asked
    // again as the app's "try again" says (the timed-out one may still have taken an attempt).
    const answer = async (): Promise<'granted' | 'refused'> => {
      for (let tries = 1; ; tries++) {
        try {
          await takeAttempt(limit, USER, at(600));
          return 'granted';
        } catch (error) {
          if (error instanceof TooManyAttemptsError) return 'refused';
          if (tries === 5) throw error;
        }
      }
    };
    const answers = await asUnit({ endpoint: 'case' }, () => Promise.all(Array.from({ length: 25 }, answer)));
    const granted = answers.filter((a) => a === 'granted').length;
    expect(granted).toBeGreaterThan(0);
    expect(granted).toBeLessThanOrEqual(10);
    // The window's count stopped at the limit, however the callers raced.
    const { Item } = await asUnit({ endpoint: 'case' }, () =>
      AttemptCountEntity.build(GetItemCommand).key({ action: limit.action, user_id: USER, window: at(0).toISOString() }).send(),
    );
    expect(Item?.count).toBe(10);
  });
});
