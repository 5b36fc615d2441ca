import { ReadWriteChange, type ReadWriteKind, type ToolboxItem } from '../../lib/db/write-transaction';
import { buildWrites } from '../../lib/records/write-changes';
import { holdingsJson, NO_HOLDINGS, parseHoldings, type Holdings } from './holdings';
import type { UserRecord } from './user.entity';
import { userKind } from './user.kind';
import { findUserById, findUserBySub } from './users.repository';

/** Counts added to counts, by name. */
function added(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const sum = { ...a };
  for (const [name, n] of Object.entries(b)) sum[name] = (sum[name] ?? 0) + n;
  return sum;
}

const changesNothing = (change: Holdings) => [...Object.values(change.licenses), ...Object.values(change.products)].every((n) => n === 0);

/** The users' subs by id: an id names one account for good, so it is looked up once per function. */
const subs = new Map<number, string>();

async function userOfId(id: number): Promise<UserRecord | null> {
  let sub = subs.get(id);
  if (sub === undefined) {
    const found = await findUserById(id);
    if (!found) return null;
    if (subs.size > 10_000) subs.clear();
    subs.set(id, (sub = found.sub));
  }
  // Read strongly consistent by its key: the write is conditioned on the version read here.
  return findUserBySub(sub);
}

/**
 * What a user holds, as the users list counts it (holdings.ts), kept on the user's record and list row in
 * the transaction of each license or product write that changes it: the writes' changes to one user are
 * merged, and when the transaction is written the user is read and their holdings written with their
 * list row, conditioned on the version read (executeTransaction reads and writes again when another write
 * changed the user meanwhile). A user with no record (deleted) has nothing written.
 */
export const userHoldings: ReadWriteKind<Holdings> = {
  name: 'holdings',
  // The user record, its list row and the row's change.
  items: 3,
  merge: (a, b) => ({ licenses: added(a.licenses, b.licenses), products: added(a.products, b.products) }),
  async build(key, change, now): Promise<ToolboxItem[]> {
    if (changesNothing(change)) return [];
    const user = await userOfId(Number(key));
    if (!user) return [];
    const current = parseHoldings(user.holdings);
    // A count never goes below zero (holdingsJson leaves out what is not above it).
    const holdings = holdingsJson({ licenses: added(current.licenses, change.licenses), products: added(current.products, change.products) });
    if (holdings === (user.holdings ?? holdingsJson(NO_HOLDINGS))) return [];
    const next: UserRecord = { ...user, holdings, updated: now.toISOString(), version: (user.version ?? 0) + 1 };
    const write = userKind.change({
      before: user,
      after: next,
      condition: { and: [{ attr: 'sub', exists: true }, user.version === undefined ? { attr: 'version', exists: false } : { attr: 'version', eq: user.version }] },
    });
    // Holdings count for no counter: the user's own write and its list row are all the items.
    return (await buildWrites([write], { now })) as ToolboxItem[];
  },
};

const holdingChange = (userId: number, change: Partial<Holdings>) =>
  new ReadWriteChange(userHoldings, String(userId), { licenses: change.licenses ?? {}, products: change.products ?? {} });

/** What a license counts for in its owner's holdings: every license they own, whatever its state. */
type HeldLicense = { user_id: number; license_type_id: string } | null;

/**
 * The holdings changes of a license write from `before` (null: a new license) to `after` (null: gone):
 * only a new owner or a new type changes them (licenses owned are counted whatever their state, so
 * disabling, ending or lapsing changes no count).
 */
export function licenseHoldingChanges(before: HeldLicense, after: HeldLicense): ReadWriteChange<Holdings>[] {
  if (before && after && before.user_id === after.user_id && before.license_type_id === after.license_type_id) return [];
  return [
    ...(before ? [holdingChange(before.user_id, { licenses: { [before.license_type_id]: -1 } })] : []),
    ...(after ? [holdingChange(after.user_id, { licenses: { [after.license_type_id]: 1 } })] : []),
  ];
}

/** What a registered unit counts for in its owner's holdings: its product (Arc, Ace …). */
type HeldProduct = { user_id: number; product_id: string } | null;

/** The holdings changes of a product write from `before` (null: registered now) to `after` (null: unregistered). */
export function productHoldingChanges(before: HeldProduct, after: HeldProduct): ReadWriteChange<Holdings>[] {
  if (before && after && before.user_id === after.user_id && before.product_id === after.product_id) return [];
  return [
    ...(before ? [holdingChange(before.user_id, { products: { [before.product_id]: -1 } })] : []),
    ...(after ? [holdingChange(after.user_id, { products: { [after.product_id]: 1 } })] : []),
  ];
}
