import type { FunctionNeeds } from '../registry';
import { applyRecount, compareWithRecount, hasFigures, recountInto, type Counter, type CounterDifference, type Recount, type Tally } from '../lib/db/aggregates';
import { everyItemOf } from '../lib/db/every-item';
import type { CountedRecords } from '../lib/records/domain';
import { alertOperators, logger } from '../lib/logger';
import { LicenseEntity } from './licenses/license.entity';
import { ProductEntity } from './products/product.entity';
import { UserEntity } from './users/user.entity';
import { setUserHoldings } from './users/users.repository';
import { countBy, holdingsJson, NO_HOLDINGS } from './users/holdings';
import { casesCounted } from './cases/case-figures';
import type { domains } from './domains';
import { licensesCounted } from './licenses/license-figures';
import { productsCounted } from './products/product-figures';
import { usersCounted } from './users/user-figures';

/** The domains whose declaration (domains.ts) says what their records count for. */
type CountingDomain = Extract<(typeof domains)[number], { counted: unknown }>['domain'];

/**
 * What each counting domain declares its records count for (its `counted`), by domain. Imported from the
 * figures alone, not the root list, so the counters' job carries no domain's deletion or detail code;
 * the type holds it to exactly the domains that declare `counted`, and counted-records.test.ts checks
 * that each is the one its domain declares.
 */
export const countedByDomain = {
  licenses: licensesCounted,
  products: productsCounted,
  cases: casesCounted,
  users: usersCounted,
} satisfies Record<CountingDomain, readonly CountedRecords[]>;

/**
 * Every kind of record the counters count, with the same `tallies` its kind's writes use, so a recount
 * and the writes can never count differently.
 */
export const countedRecords: readonly CountedRecords[] = Object.values(countedByDomain).flat();

const countersOf = (kind: CountedRecords): Counter[] => Object.values(kind.counters);
const talliesOf = (kind: CountedRecords) => kind.tallies as (record: unknown) => Tally[];

/** What the operator's `npm run counters` needs of the table: read every record, correct the counters. */
export const counterScriptNeeds: FunctionNeeds = { table: ['Scan', 'Query', 'GetItem', 'PutItem', 'UpdateItem'] };

/** The counters' figures recounted from the records themselves. */
export async function recountRecords(kinds: readonly CountedRecords[] = countedRecords): Promise<Recount> {
  const recount: Recount = new Map();
  for (const kind of kinds) {
    for await (const page of everyItemOf(kind.entity)) recountInto(recount, page.flatMap(talliesOf(kind)));
  }
  return recount;
}

/** Where the stored counters differ from a recount of their records (none: they are exact). */
export async function counterDifferences(kinds: readonly CountedRecords[] = countedRecords): Promise<CounterDifference[]> {
  const recount = await recountRecords(kinds);
  const differences = await Promise.all(kinds.flatMap((kind) => countersOf(kind).map((counter) => compareWithRecount(counter, recount))));
  return differences.flat();
}

/**
 * The back-fill: sets every counter to a recount of its records (once, after counters are introduced or
 * a counter is declared for records that already exist; and to repair one the check found off). Returns
 * what it corrected.
 */
export async function backfillCounters(kinds: readonly CountedRecords[] = countedRecords): Promise<CounterDifference[]> {
  const recount = await recountRecords(kinds);
  const corrected: CounterDifference[] = [];
  for (const kind of kinds) for (const counter of countersOf(kind)) corrected.push(...(await applyRecount(counter, recount)));
  logger.info('Counters back-filled', { corrected: corrected.length });
  return corrected;
}

/**
 * The back-fill of the kinds of records none of whose counters ever counted anything (a data folder or
 * table from before the counters): once, at the local stack's start. Returns what it corrected.
 */
export async function backfillNeverCounted(): Promise<CounterDifference[]> {
  const never: CountedRecords[] = [];
  for (const kind of countedRecords) if (!(await Promise.all(countersOf(kind).map(hasFigures))).some(Boolean)) never.push(kind);
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
