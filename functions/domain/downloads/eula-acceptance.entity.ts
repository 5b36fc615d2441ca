import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * That a user accepted the EULA of a release version, in a version of the EULA's text, and when they
 * first did. The download page ticks the EULA box for a release whose current EULA the user accepted;
 * a new release, or a new EULA text, asks again (and is kept beside the earlier acceptances).
 * Acceptances recorded before EULA versions were have none (their key has no EULA part).
 *
 * | access pattern                   | key                                                              | operation                 |
 * |----------------------------------|------------------------------------------------------------------|---------------------------|
 * | accept a version's EULA (once)   | pk `eula#{userId}`, sk `version#{version}#eula#{eulaVersion}`    | PutItem, if not there yet |
 * | a user's accepted versions       | pk `eula#{userId}`                                               | Query                     |
 */
/** A user's partition of accepted EULAs. */
export const eulaPartition = (userId: number) => `eula#${userId}`;

export const EulaAcceptanceEntity = new Entity({
  name: 'eula-acceptance',
  table: portalTable,
  schema: item({
    user_id: number().key(),
    version: string().key(),
    eula_version: string().key().optional(),
    /** ISO time of the first acceptance. */
    accepted: string(),
  }),
  computeKey: ({ user_id, version, eula_version }) => ({
    pk: eulaPartition(user_id),
    sk: eula_version === undefined ? `version#${version}` : `version#${version}#eula#${eula_version}`,
  }),
  timestamps: false,
});
