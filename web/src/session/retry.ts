/** Delay before retry number `attempt` (0-based): 2^attempt × 100 ms plus up to 100 ms random, so many tabs do not retry in step. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  return 2 ** attempt * 100 + Math.floor(random() * 100);
}

export interface RetryOptions {
  /** Total time the retries may take, in ms; a token refresh gives up after five seconds. */
  limitMs: number;
  /** False for errors that another attempt cannot fix (a revoked refresh token). */
  isRetryable: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `task` until it succeeds, waiting retryDelay() between attempts, and gives up with the last error
 * when the error is permanent or the next wait would cross the time limit.
 */
export async function withRetry<T>(task: () => Promise<T>, options: RetryOptions): Promise<T> {
  const { limitMs, isRetryable, sleep = defaultSleep, now = Date.now, random = Math.random } = options;
  const start = now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (error) {
      if (!isRetryable(error)) throw error;
      const delay = retryDelay(attempt, random);
      if (now() - start + delay > limitMs) throw error;
      await sleep(delay);
    }
  }
}
