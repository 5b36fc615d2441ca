import type { FunctionNeeds } from '../registry';
import { applyRecount, compareWithRecount, hasFigures, recountInto, type Counter, type CounterDifference, type Recount, type Tally } from '../lib/db/aggregates';
import { caseTallies, casesByState } from './cases/case-figures';
import type { CaseRecord } from './cases/case-record';
import { CaseEntity } from './cases/case.entity';
import { everyItemOf } from '../lib/db/every-item';
import { alertOperators, logger } from '../lib/logger';
import { licenseCounters, licenseHistoryCounters, licenseHistoryTallies, licenseStateTallies } from './licenses/license-figures';
import { LicenseEntity } from './licenses/license.entity';
import type { LicenseRecord } from './licenses/license.entity';
import { productTallies, registeredProducts } from './products/product-figures';
import { ProductEntity } from './products/product.entity';
import type { ProductRecord } from './products/product.entity';
import { userTallies, usersByNewsletter } from './users/user-figures';
import { UserEntity } from './users/user.entity';
import { setUserHoldings, type UserRecord } from './users/users.repository';
import { countBy, holdingsJson, NO_HOLDINGS } from './users/holdings';

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
export const counterScriptNeeds: FunctionNeeds = { table: ['Scan', 'Query', 'GetItem', 'PutItem', 'UpdateItem'] };

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

/** A user whose holdings (the users list's counts) differ from a recount of their licenses and units. */
export interface HoldingsDifference {
  user_id: number;
  stored: string;
  recounted: string;
}

/**
 * The users list's counts (users/user-holdings.ts, written in each license and product write's
 * transaction) recounted from the licenses and registered units themselves: the users whose record
 * holds other counts. A write that bypassed the repositories (a raw put) shows here.
 */
export async function holdingsDifferences(): Promise<HoldingsDifference[]> {
  const licenses = new Map<number, string[]>();
  const products = new Map<number, string[]>();
  for await (const page of everyItemOf(LicenseEntity)) for (const { user_id, license_type_id } of page) licenses.set(user_id, [...(licenses.get(user_id) ?? []), license_type_id]);
  for await (const page of everyItemOf(ProductEntity)) for (const { user_id, product_id } of page) products.set(user_id, [...(products.get(user_id) ?? []), product_id]);
  const differences: HoldingsDifference[] = [];
  for await (const page of everyItemOf(UserEntity)) {
    for (const user of page) {
      const recounted = holdingsJson({ licenses: countBy(licenses.get(user.id) ?? []), products: countBy(products.get(user.id) ?? []) });
      const stored = user.holdings ?? holdingsJson(NO_HOLDINGS);
      if (stored !== recounted) differences.push({ user_id: user.id, stored, recounted });
    }
  }
  return differences.sort((a, b) => a.user_id - b.user_id);
}

/** Sets the users whose holdings differ from a recount to it (the holdings' back-fill); returns what it corrected. */
export async function backfillHoldings(): Promise<HoldingsDifference[]> {
  const differences = await holdingsDifferences();
  for (const { user_id, recounted } of differences) await setUserHoldings(user_id, recounted);
  logger.info('Holdings back-filled', { corrected: differences.length });
  return differences;
}

/**
 * The scheduled check: compares every counter, and every user's holdings, with a recount and tells the
 * operators of a difference.
 */
export async function checkCounters(): Promise<{ differences: CounterDifference[]; holdings: HoldingsDifference[] }> {
  const differences = await counterDifferences();
  const holdings = await holdingsDifferences();
  if (differences.length > 0 || holdings.length > 0) {
    alertOperators('countersDiffer', 'Counters differ from a recount of their records: run the back-fill', {
      differences: differences.slice(0, 20),
      count: differences.length,
      holdings: holdings.slice(0, 20),
      holdings_count: holdings.length,
    });
  } else logger.info('Counters match a recount of their records');
  return { differences, holdings };
}
