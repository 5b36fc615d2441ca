import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { LICENSE_TYPE_IDS } from '../../../shared/licenses/catalog';
import { portalTable, timestamps } from '../../lib/db/table';

/**
 * A license code: single use (redeemed once, by anyone) or a campaign code (once per user inside its
 * window). Keyed by its normalized text, so redeeming is one GetItem and a code exists once.
 *
 * | access pattern                 | key                                               | operation |
 * |--------------------------------|---------------------------------------------------|-----------|
 * | a code by its text             | pk `code#{NORMALIZED}`, sk `code`                 | GetItem   |
 * | a user's redemption of a code  | pk `code#{NORMALIZED}`, sk `redeemed-by#{userId}` | (condition in the redemption) |
 * | every code (admin list)        | list rows `codes` (functions/lib/lists)           | list      |
 */
export const LicenseCodeEntity = new Entity({
  name: 'license-code',
  table: portalTable,
  schema: item({
    /** The code as typed with case, spaces and hyphens removed (shared/commerce/codes.ts normalizeCode). */
    key: string().key(),
    id: number(),
    /** The code as it is shown and handed out. */
    code: string(),
    /** The admin who generated it. */
    user_id: number(),
    description: string(),
    license_type_id: string().enum(...LICENSE_TYPE_IDS),
    license_usage_id: number(),
    single_usage: boolean(),
    /** ISO period of the licenses it gives; absent for a campaign whose licenses end with it. */
    duration: string().optional(),
    /** The window it may be redeemed in (YYYY-MM-DD, both days included). */
    valid_from: string().optional(),
    valid_to: string().optional(),
    /** Who redeemed a single-use code, and when. */
    used_by: number().optional(),
    used_at: string().optional(),
    redemptions: number().default(0),
    version: number().default(0),
  }),
  computeKey: ({ key }) => ({ pk: `code#${key}`, sk: 'code' }),
  timestamps,
});

/** A user's redemption of a campaign code: exists once per user and code. */
export const CodeRedemptionEntity = new Entity({
  name: 'code-redemption',
  table: portalTable,
  schema: item({
    key: string().key(),
    user_id: number().key(),
    license_id: number(),
  }),
  computeKey: ({ key, user_id }) => ({ pk: `code#${key}`, sk: `redeemed-by#${user_id}` }),
  timestamps,
});

export type LicenseCodeRecord = FormattedItem<typeof LicenseCodeEntity>;
