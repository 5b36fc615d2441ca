import { declareCounter, readTotals, type Tally } from '../../lib/db/aggregates';
import type { UserRecord } from './user.entity';
import type { CountedRecords } from '../../lib/records/domain';
import { UserEntity } from './user.entity';

/**
 * Users by whether they accepted the newsletter (`newsletter` / `no-newsletter`), kept by the writes
 * that create and delete a user record, in their own transactions: `get_user_statistics` reads a few
 * items, never the users list. Sign-ups come at once from many people, so four items take them.
 */
export const usersByNewsletter = declareCounter({ name: 'users', periods: ['total'], shards: 4 });

/** What a user record counts for. */
export const userTallies = (user: UserRecord): Tally[] => [{ counter: usersByNewsletter, dimension: user.accepted_marketing ? 'newsletter' : 'no-newsletter' }];

/** How many users there are, and how many of them accepted the newsletter. */
export async function userStatistics(): Promise<{ user_count: number; newsletter_count: number }> {
  const totals = await readTotals(usersByNewsletter);
  const newsletter = totals.get('newsletter') ?? 0;
  return { user_count: newsletter + (totals.get('no-newsletter') ?? 0), newsletter_count: newsletter };
}

/** What users count for, as the counters' check and back-fill recount them. */
export const usersCounted = [{ what: 'users', entity: UserEntity, counters: [usersByNewsletter], tallies: userTallies }] as const satisfies readonly CountedRecords[];
