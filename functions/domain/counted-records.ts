import type { FunctionNeeds } from '../registry';
import { applyRecount, compareWithRecount, hasFigures, recountInto, type Counter, type CounterDifference, type Recount, type Tally } from '../lib/db/aggregates';
import { caseTallies, casesByState } from './cases/case-figures';
import type { CaseRecord } from './cases/case-record';
import { CaseEntity } from './cases/case.entity';
import { everyItemOf } from '../lib/db/every-item';
import { alertOperators, logger } from '../lib/logger';
import { licenseCounters, licenseHistoryCounters, licenseHistoryTallies, licenseStateTallies } from './licenses/license-figures';
import { LicenseEntity } from './licenses/license.entity';
import type { LicenseRecord } from './licenses/licenses.repository';
import { productTallies, registeredProducts } from './products/product-figures';
import { ProductEntity } from './products/product.entity';
import type { ProductRecord } from './products/products.repository';
import { userTallies, usersByNewsletter } from './users/user-figures';
import { UserEntity } from './users/user.entity';
import type { UserRecord } from './users/users.repository';

/**
 * Every kind of record the counters count, with its counters and what one record counts for: the same
 * `tallies` function its repository's writes use, so a recount and the writes can never count
 * differently. A domain that declares new counters adds its records here (and the back-fill and the
 * check cover them).
 */
export interface CountedRecords<T> {
  what: string;
  counters: readonly Counter[];
  /** Every record, page by page. */
  records: () => AsyncIterable<T[]>;
  tallies: (record: T) => Tally[];
}

const counted = <T>(records: CountedRecords<T>) => records as CountedRecords<unknown>;

export const countedRecords: readonly CountedRecords<unknown>[] = [
  counted<LicenseRecord>({ what: 'licenses', counters: Object.values(licenseCounters), records: () => everyItemOf(LicenseEntity), tallies: licenseStateTallies }),
  // Its own kind, so a table from before the dashboard back-fills it once at the local stack's start.
  counted<LicenseRecord>({ what: 'license history', counters: Object.values(licenseHistoryCounters), records: () => everyItemOf(LicenseEntity), tallies: licenseHistoryTallies }),
  counted<ProductRecord>({ what: 'registered products', counters: [registeredProducts], records: () => everyItemOf(ProductEntity), tallies: productTallies }),
  counted<CaseRecord>({ what: 'support cases', counters: [casesByState], records: () => everyItemOf(CaseEntity), tallies: caseTallies }),
  counted<UserRecord>({ what: 'users', counters: [usersByNewsletter], records: () => everyItemOf(UserEntity), tallies: userTallies }),
];

/** What the operator's `npm run counters` needs of the table: read every record, correct the counters. */
export const counterScriptNeeds: FunctionNeeds = { table: ['Scan', 'Query', 'UpdateItem'] };

/** The counters' figures recounted from the records themselves. */
export async function recountRecords(kinds: readonly CountedRecords<unknown>[] = countedRecords): Promise<Recount> {
  const recount: Recount = new Map();
  for (const kind of kinds) {
    for await (const page of kind.records()) recountInto(recount, page.flatMap(kind.tallies));
  }
  return recount;
}

/** Where the stored counters differ from a recount of their records (none: they are exact). */
export async function counterDifferences(kinds: readonly CountedRecords<unknown>[] = countedRecords): Promise<CounterDifference[]> {
  const recount = await recountRecords(kinds);
  const differences = await Promise.all(kinds.flatMap((kind) => kind.counters.map((counter) => compareWithRecount(counter, recount))));
  return differences.flat();
}

/**
 * The back-fill: sets every counter to a recount of its records (once, after counters are introduced or
 * a counter is declared for records that already exist; and to repair one the check found off). Returns
 * what it corrected.
 */
export async function backfillCounters(kinds: readonly CountedRecords<unknown>[] = countedRecords): Promise<CounterDifference[]> {
  const recount = await recountRecords(kinds);
  const corrected: CounterDifference[] = [];
  for (const kind of kinds) for (const counter of kind.counters) corrected.push(...(await applyRecount(counter, recount)));
  logger.info('Counters back-filled', { corrected: corrected.length });
  return corrected;
}

/**
 * The back-fill of the kinds of records none of whose counters ever counted anything (a data folder or
 * table from before the counters): once, at the local stack's start. Returns what it corrected.
 */
export async function backfillNeverCounted(): Promise<CounterDifference[]> {
  const never: CountedRecords<unknown>[] = [];
  for (const kind of countedRecords) if (!(await Promise.all(kind.counters.map(hasFigures))).some(Boolean)) never.push(kind);
  return never.length ? backfillCounters(never) : [];
}

/** The scheduled check: compares every counter with a recount and tells the operators of a difference. */
export async function checkCounters(): Promise<{ differences: CounterDifference[] }> {
  const differences = await counterDifferences();
  if (differences.length > 0) {
    alertOperators('countersDiffer', 'Counters differ from a recount of their records: run the back-fill', {
      differences: differences.slice(0, 20),
      count: differences.length,
    });
  } else logger.info('Counters match a recount of their records');
  return { differences };
}
