import { declareCounter, readTotals, type Tally } from '../../lib/db/aggregates';
import type { CaseRecord } from './case-record';
import { caseStatistics } from './case.rules';
import type { CountedRecords } from '../../lib/records/domain';
import { CaseEntity } from './case.entity';

/**
 * Cases by state, kept by every case write in its own transaction: the statistics read a few items,
 * never the cases. Customers comment concurrently on their own cases, so four items take the writes.
 */
export const casesByState = declareCounter({ name: 'cases-by-state', periods: ['total'], shards: 4 });

/** What a case counts for: its state. */
export const caseTallies = (kase: CaseRecord): Tally[] => [{ counter: casesByState, dimension: String(kase.state) }];

/** total, open, waiting_for_admin, waiting_for_user, from the counters. */
export async function readCaseStatistics() {
  const totals = await readTotals(casesByState);
  return caseStatistics(new Map([...totals].map(([state, count]) => [Number(state), count])));
}

/** What support cases count for, as the counters' check and back-fill recount them. */
export const casesCounted = [{ what: 'support cases', entity: CaseEntity, counters: [casesByState], tallies: caseTallies }] as const satisfies readonly CountedRecords[];
