import { describe, expect, it } from 'vitest';
import { retryDelay, withRetry } from './retry';

/** A fake clock: sleeping advances it, so the five-second limit is tested without waiting. */
function fakeClock() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
  };
}

describe('refresh retries', () => {
  it('waits 2^attempt × 100 ms plus up to 100 ms random', () => {
    expect(retryDelay(0, () => 0)).toBe(100);
    expect(retryDelay(3, () => 0)).toBe(800);
    expect(retryDelay(3, () => 0.999)).toBe(899);
  });

  it('returns the first success', async () => {
    const clock = fakeClock();
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls++;
        if (calls < 3) throw new Error('network');
        return 'ok';
      },
      { limitMs: 5_000, isRetryable: () => true, ...clock, random: () => 0 },
    );
    expect(result).toBe('ok');
    expect(clock.sleeps).toEqual([100, 200]);
  });

  it('gives up with the last error before the waits would pass five seconds', async () => {
    const clock = fakeClock();
    await expect(
      withRetry(() => Promise.reject(new Error('still down')), {
        limitMs: 5_000,
        isRetryable: () => true,
        ...clock,
        random: () => 0,
      }),
    ).rejects.toThrow('still down');
    // 100 + 200 + 400 + 800 + 1600 = 3100; the next wait (3200) would cross 5000.
    expect(clock.sleeps).toEqual([100, 200, 400, 800, 1600]);
  });

  it('does not retry a permanent error', async () => {
    const clock = fakeClock();
    const revoked = Object.assign(new Error('Refresh Token has been revoked'), { name: 'NotAuthorizedException' });
    await expect(
      withRetry(() => Promise.reject(revoked), {
        limitMs: 5_000,
        isRetryable: (error) => (error as Error).name !== 'NotAuthorizedException',
        ...clock,
      }),
    ).rejects.toBe(revoked);
    expect(clock.sleeps).toEqual([]);
  });
});
