/**
 * A bulk tool's retries (seed:scale): a step that failed is tried again after a growing pause, so an
 * emulator slowed by a busy machine costs time, not the run. Only a step that can be repeated as it is
 * (a batch of puts) is given to it.
 */
export interface Patience {
  /** Tries in all, the first included. */
  attempts: number;
  /** The pause before the second try; each later one is twice the one before. */
  firstPauseMs: number;
  /** Told of each failure that is tried again. */
  onRetry?: (error: unknown, attempt: number) => void;
}

export const BULK_PATIENCE: Patience = { attempts: 6, firstPauseMs: 1_000 };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `work`'s result; after `attempts` failures, the last failure. */
export async function patiently<T>(work: () => Promise<T>, { attempts, firstPauseMs, onRetry }: Patience = BULK_PATIENCE): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts) throw error;
      onRetry?.(error, attempt);
      await pause(firstPauseMs * 2 ** (attempt - 1));
    }
  }
}

/** A bulk run that stopped part of the way: what it had done, and the failure that stopped it. */
export class StoppedPartWay extends Error {
  override readonly name = 'StoppedPartWay';
  constructor(
    readonly done: string,
    override readonly cause: unknown,
  ) {
    super(`Stopped after ${done}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}
