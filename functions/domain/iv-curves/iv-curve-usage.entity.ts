import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { portalTable } from '../../lib/db/table';

/**
 * How many IV curves a user has and how many bytes their files take: pk `ivcurve-usage#{userId}`,
 * sk `usage`. Every write of a curve adds to it in the same transaction, conditioned on the per-user
 * limits when the uploader is held to them, so parallel uploads cannot pass a limit together.
 */
export const IvCurveUsageEntity = new Entity({
  name: 'iv-curve-usage',
  table: portalTable,
  schema: item({
    user_id: number().key(),
    curves: number().default(0),
    bytes: number().default(0),
  }),
  computeKey: ({ user_id }) => ({ pk: `ivcurve-usage#${user_id}`, sk: 'usage' }),
  timestamps: false,
});
