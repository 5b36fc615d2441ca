import type { Limit } from '../../shared/contract/define';
import { limitPolicy } from '../../shared/contract/limits';
import { attemptLimit, takeAttempt } from './db/attempt-limit';
import { ApiError } from './errors';

/** How a call ended, as its limits count it. */
export type CallOutcome = 'done' | 'refused' | 'failed';

/** Whether an attempt of a limit that counts `counts` is given back when the call ended so. */
const givesBack = (counts: 'calls' | 'accepted' | 'failures', outcome: CallOutcome) =>
  // An accepted call that then failed (an outage, a bug) may have written: only a refusal gives its attempt back.
  counts === 'calls' ? false : counts === 'accepted' ? outcome === 'refused' : outcome !== 'refused';

/** How a call ended: answered, refused with a message for its caller (an ApiError), or failed (an outage, a bug). */
export const outcomeOf = (error: unknown): CallOutcome => (error === undefined ? 'done' : error instanceof ApiError ? 'refused' : 'failed');

/**
 * Takes the attempts of a cmd's declared limits for one call, in order, before its handler runs (an
 * admin is held only to a limit that says so). A refusal (429) gives back what the call took before it,
 * as a refused call would; `settle` gives back what the call's outcome does not count.
 */
export async function takeLimits(
  limits: readonly Limit[],
  viewer: { userId: number; isAdmin: boolean },
  params: Record<string, unknown>,
): Promise<{ settle: (outcome: CallOutcome) => Promise<void> }> {
  const taken: { counts: 'calls' | 'accepted' | 'failures'; giveBack: () => Promise<void> }[] = [];
  const settle = async (outcome: CallOutcome) => {
    const back = taken.filter((attempt) => givesBack(attempt.counts, outcome));
    // A success gives back what it does not count, or the call fails (as the store failed); a refusal's give-back is best effort.
    if (outcome === 'done') await Promise.all(back.map((attempt) => attempt.giveBack()));
    else await Promise.all(back.map((attempt) => attempt.giveBack().catch(() => undefined)));
  };
  for (const limit of limits) {
    const policy = limitPolicy(limit);
    if (viewer.isAdmin && !policy.admins) continue;
    try {
      taken.push({ counts: policy.counts, ...(await takeAttempt(attemptLimit(policy, params), viewer.userId, new Date(), amountOf(policy.amount, params))) });
    } catch (error) {
      await settle(outcomeOf(error));
      throw error;
    }
  }
  return { settle };
}

/** What a call counts of a limit: one, or the amount of the param it names (a number, or a file's size). */
function amountOf(param: string | undefined, params: Record<string, unknown>): number {
  if (param === undefined) return 1;
  const value = params[param];
  return value instanceof File ? value.size : typeof value === 'number' ? value : 1;
}
