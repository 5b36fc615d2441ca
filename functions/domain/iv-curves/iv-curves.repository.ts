import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { isConditionFailure, portalTable } from '../../lib/db/table';
import { IV_CURVES_PARTITION, IvCurveEntity, ivCurvesOfPartition } from './iv-curve.entity';

export type IvCurveRecord = FormattedItem<typeof IvCurveEntity>;

/** A write whose condition no longer held: another upload changed the curve meanwhile. */
export class IvCurveChangedError extends Error {
  override readonly name = 'IvCurveChangedError';
}

export async function findCurve(id: number): Promise<IvCurveRecord | null> {
  const { Item } = await IvCurveEntity.build(GetItemCommand).key({ id }).options({ consistent: true }).send();
  return Item ?? null;
}

/** Stores a new curve's record, once (its id is fresh from the counter). */
export async function insertCurve(curve: IvCurveRecord): Promise<void> {
  try {
    await IvCurveEntity.build(PutItemCommand).item(curve).options({ condition: { attr: 'id', exists: false } }).send();
  } catch (error) {
    if (isConditionFailure(error)) throw new IvCurveChangedError(`IV curve ${curve.id} exists already`);
    throw error;
  }
}

/**
 * Writes a curve's next version over the one read: only while the stored version is still the one read
 * (IvCurveChangedError otherwise). A whole Put, so the index keys follow a change of `public`.
 */
export async function replaceCurve(read: IvCurveRecord, next: IvCurveRecord): Promise<void> {
  try {
    await IvCurveEntity.build(PutItemCommand)
      .item(next)
      .options({ condition: { attr: 'version', eq: read.version } })
      .send();
  } catch (error) {
    if (isConditionFailure(error)) throw new IvCurveChangedError(`IV curve ${read.id} changed meanwhile`);
    throw error;
  }
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

/** Removes a curve's record (account deletion). */
export async function deleteCurve(id: number): Promise<void> {
  await IvCurveEntity.build(DeleteItemCommand).key({ id }).send();
}

/** A user's curves. */
export const curvesOf = (userId: number) => queryIndex('gsi1', ivCurvesOfPartition(userId));
/** Every public curve. */
export const publicCurves = () => queryIndex('gsi2', IV_CURVES_PARTITION, { beginsWith: 'public#' });
/** Every curve (admins). */
export const allCurves = () => queryIndex('gsi2', IV_CURVES_PARTITION);
