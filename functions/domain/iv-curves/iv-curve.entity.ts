import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable, timestamps } from '../../lib/db/table';

/**
 * An IV curve's fields (id, product_id, version, created, user_id, public, manufacturer, model,
 * unit), read from its uploaded file; the file itself is in the IV curves bucket under `file_key`. The id
 * is a counter; an update keeps it and counts `version` up.
 *
 * | access pattern                      | key / index                                             | operation |
 * |-------------------------------------|---------------------------------------------------------|-----------|
 * | a curve by id (update, file)        | pk `ivcurve#{id}`, sk `ivcurve`                         | GetItem   |
 * | a user's curves                     | gsi1 `ivcurves-of#{userId}` / `ivcurve#{id:10}`         | Query     |
 * | the public curves (everyone's list) | gsi2 `ivcurves` / begins with `public#`                 | Query     |
 * | every curve (an admin's list)       | the admin list rows (iv-curve-list.ts, decision 021)    | in memory |
 *
 * A download is named from the curve (`{id}-v{version}.csv`), never from the uploader's file name.
 */
const ivCurveSchema = item({
  id: number().key(),
  user_id: number(),
  /** A registered product (its id) the curve belongs to, if the uploader named one. */
  product_id: number().optional(),
  /** 1 for a new curve; each update adds one. Every write is conditioned on the version it read. */
  version: number(),
  public: boolean(),
  manufacturer: string(),
  model: string(),
  /** The unit of the current values (A, mA, uA, nA). */
  unit: string(),
  /** The key of the file in the IV curves bucket. */
  file_key: string(),
  /** The file's size in bytes, and its number of points. */
  size: number(),
  points: number(),
  /**
   * Whether the curve is in its owner's usage (set by every write since the per-user limits): a curve
   * stored before them is not, so deleting or shrinking it must not take from the usage.
   */
  counted: boolean().optional(),
});

export const ivCurvesOfPartition = (userId: number) => `ivcurves-of#${userId}`;
export const IV_CURVES_PARTITION = 'ivcurves';
const idSortKey = (id: number) => `ivcurve#${String(id).padStart(10, '0')}`;
/** Public curves sort first under their prefix, so one Query finds just them. */
export const visibilitySortKey = (isPublic: boolean, id: number) => `${isPublic ? 'public' : 'private'}#${idSortKey(id)}`;

export const IvCurveEntity = new Entity({
  name: 'iv-curve',
  table: portalTable,
  schema: ivCurveSchema.and({
    gsi1pk: string()
      .hidden()
      .link<typeof ivCurveSchema>(({ user_id }) => ivCurvesOfPartition(user_id)),
    gsi1sk: string()
      .hidden()
      .link<typeof ivCurveSchema>(({ id }) => idSortKey(id)),
    gsi2pk: string()
      .hidden()
      .link<typeof ivCurveSchema>(() => IV_CURVES_PARTITION),
    gsi2sk: string()
      .hidden()
      .link<typeof ivCurveSchema>(({ id, public: isPublic }) => visibilitySortKey(isPublic, id)),
  }),
  computeKey: ({ id }) => ({ pk: `ivcurve#${id}`, sk: 'ivcurve' }),
  timestamps,
});

export type IvCurveRecord = FormattedItem<typeof IvCurveEntity>;
