import type { Condition } from 'dynamodb-toolbox';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { writeChanges } from '../../lib/records/write-changes';
import { isConditionFailure, portalTable } from '../../lib/db/table';
import type { AuditSwitch, ChangeAudit } from '../../lib/records/record-kind';
import { IV_CURVES_PARTITION, IvCurveEntity, ivCurvesOfPartition, type IvCurveRecord } from './iv-curve.entity';
import { ivCurveKind } from './iv-curve.kind';
import { IvCurveUsageEntity } from './iv-curve-usage.entity';

export type { IvCurveRecord } from './iv-curve.entity';

/** A write whose condition no longer held: another upload changed the curve meanwhile. */
export class IvCurveChangedError extends Error {
  override readonly name = 'IvCurveChangedError';
}

/** What one user may keep, when the writer is held to it (null: not held, e.g. an admin). */
export type UsageLimits = { curves: number; bytes: number } | null;

/** The write would take the owner past a limit: `limit` says which. Nothing was written. */
export class IvCurveLimitError extends Error {
  override readonly name = 'IvCurveLimitError';
  constructor(readonly limit: 'curves' | 'bytes') {
    super(`IV curve limit reached: ${limit}`);
  }
}

export async function findCurve(id: number): Promise<IvCurveRecord | null> {
  const { Item } = await IvCurveEntity.build(GetItemCommand).key({ id }).options({ consistent: true }).send();
  return Item ?? null;
}

/** How many curves a user has and how many bytes their files take. */
export async function usageOf(userId: number): Promise<{ curves: number; bytes: number }> {
  const { Item } = await IvCurveUsageEntity.build(GetItemCommand).key({ user_id: userId }).options({ consistent: true }).send();
  return { curves: Item?.curves ?? 0, bytes: Item?.bytes ?? 0 };
}

/**
 * The change of a user's usage, first in every curve transaction (its cancellation reason is then the
 * first): conditioned on the limits when there are any and the change adds to what they bound (a
 * smaller file or a delete is never refused).
 */
function usageChange(userId: number, change: { curves: number; bytes: number }, limits: UsageLimits) {
  const write = IvCurveUsageEntity.build(UpdateTransaction).item({ user_id: userId, curves: $add(change.curves), bytes: $add(change.bytes) });
  if (!limits || change.bytes <= 0) return write;
  const bytesWithin: Condition<typeof IvCurveUsageEntity> = { or: [{ attr: 'bytes', exists: false }, { attr: 'bytes', lte: limits.bytes - change.bytes }] };
  if (change.curves <= 0) return write.options({ condition: bytesWithin });
  return write.options({
    condition: { and: [{ or: [{ attr: 'curves', exists: false }, { attr: 'curves', lte: limits.curves - change.curves }] }, bytesWithin] },
  });
}

/**
 * Refuses a change that would take the user past a limit before anything is stored (IvCurveLimitError),
 * so a caller at the limit does not make files that are then removed; the transaction's condition is
 * what holds when uploads run in parallel.
 */
export async function checkWithinLimits(userId: number, change: { curves: number; bytes: number }, limits: UsageLimits): Promise<void> {
  if (!limits) return;
  const usage = await usageOf(userId);
  if (change.curves > 0 && usage.curves + change.curves > limits.curves) throw new IvCurveLimitError('curves');
  if (change.bytes > 0 && usage.bytes + change.bytes > limits.bytes) throw new IvCurveLimitError('bytes');
}

/**
 * Runs a curve's transaction (`run` gets the usage change to put first); a limit it would pass is an
 * IvCurveLimitError (which one is read after the refusal), any other condition that no longer held an
 * IvCurveChangedError with `changed`.
 */
async function writeCurve(
  userId: number,
  change: { curves: number; bytes: number },
  limits: UsageLimits,
  run: (usage: ReturnType<typeof usageChange>) => Promise<unknown>,
  changed: string,
): Promise<void> {
  if (limits && change.bytes > limits.bytes) throw new IvCurveLimitError('bytes');
  for (let attempt = 1; ; attempt++) {
    try {
      await run(usageChange(userId, change, limits));
      return;
    } catch (error) {
      const codes = ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((reason) => reason?.Code);
      if (limits && codes[0] === 'ConditionalCheckFailed') {
        const usage = await usageOf(userId);
        throw new IvCurveLimitError(change.curves > 0 && usage.curves + change.curves > limits.curves ? 'curves' : 'bytes');
      }
      // Uploads of one user at once write the same usage item: a transaction that lost only that race goes again.
      const lostRace = codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
      if (lostRace && attempt < 5) {
        await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * Math.random()));
        continue;
      }
      if (isConditionFailure(error)) throw new IvCurveChangedError(changed);
      throw error;
    }
  }
}

/** Stores a new curve's record, once (its id is fresh from the counter), with its owner's usage and list row. */
export async function insertCurve(curve: IvCurveRecord, limits: UsageLimits, now = new Date()): Promise<void> {
  await writeCurve(
    curve.user_id,
    { curves: 1, bytes: curve.size },
    limits,
    (usage) => writeChanges([ivCurveKind.change({ before: null, after: { ...curve, counted: true }, condition: { attr: 'id', exists: false } })], { items: [usage], now }),
    `IV curve ${curve.id} exists already`,
  );
}

/** The audit entry of an administrator's change to another user's curve (publish, a new version, deletion): its version and publicity. */
const curveAudit = (read: IvCurveRecord, next: IvCurveRecord | null, { audited }: AuditSwitch): { audit?: ChangeAudit } =>
  audited
    ? {
        audit: {
          values: { before: { version: read.version, public: read.public }, after: next ? { version: next.version, public: next.public } : { version: null, public: null } },
        },
      }
    : {};

/**
 * Writes a curve's next version over the one read: only while the stored version is still the one read
 * (IvCurveChangedError otherwise). A whole Put, so the index keys follow a change of `public`. An
 * administrator's change of another user's curve (`audit`) writes its audit entry in the same transaction.
 */
export async function replaceCurve(read: IvCurveRecord, next: IvCurveRecord, limits: UsageLimits, now = new Date(), audit: AuditSwitch = {}): Promise<void> {
  // A curve from before the usage was kept enters it now, whole.
  const change = read.counted ? { curves: 0, bytes: next.size - read.size } : { curves: 1, bytes: next.size };
  await writeCurve(
    read.user_id,
    change,
    limits,
    (usage) =>
      writeChanges([ivCurveKind.change({ before: read, after: { ...next, counted: true }, condition: { attr: 'version', eq: read.version }, ...curveAudit(read, next, audit) })], {
        items: [usage],
        now,
      }),
    `IV curve ${read.id} changed meanwhile`,
  );
}

/**
 * Removes a curve's record (as read: IvCurveChangedError when it changed meanwhile), its list row and its
 * share of the owner's usage; an administrator deleting another user's curve (`audit`) with its audit entry.
 */
export async function deleteCurve(read: IvCurveRecord, now = new Date(), audit: AuditSwitch = {}): Promise<void> {
  // Only what the usage counted leaves it: a curve from before the limits never entered it.
  await writeCurve(
    read.user_id,
    read.counted ? { curves: -1, bytes: -read.size } : { curves: 0, bytes: 0 },
    null,
    (usage) =>
      writeChanges([ivCurveKind.change({ before: read, after: null, condition: { attr: 'version', eq: read.version }, ...curveAudit(read, null, audit) })], {
        items: [usage],
        now,
      }),
    `IV curve ${read.id} changed meanwhile`,
  );
}

async function queryIndex(index: 'gsi1' | 'gsi2', partition: string, range?: { beginsWith: string }): Promise<IvCurveRecord[]> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(IvCurveEntity)
    .query({ index, partition, ...(range ? { range } : {}) })
    .options({ maxPages: Infinity })
    .send();
  return Items ?? [];
}

/** A user's curves. */
export const curvesOf = (userId: number) => queryIndex('gsi1', ivCurvesOfPartition(userId));
/** Every public curve. */
export const publicCurves = () => queryIndex('gsi2', IV_CURVES_PARTITION, { beginsWith: 'public#' });
