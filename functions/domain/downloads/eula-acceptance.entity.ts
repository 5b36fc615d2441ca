import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * That a user accepted the EULA of a release version, and when they first did. The download page ticks
 * the EULA box for a version already accepted; a new version asks again.
 *
 * | access pattern                   | key                                          | operation                     |
 * |----------------------------------|----------------------------------------------|-------------------------------|
 * | accept a version's EULA (once)   | pk `eula#{userId}`, sk `version#{version}`   | PutItem, if not there yet     |
 * | a user's accepted versions       | pk `eula#{userId}`                           | Query                         |
 */
export const EulaAcceptanceEntity = new Entity({
  name: 'eula-acceptance',
  table: portalTable,
  schema: item({
    user_id: number().key(),
    version: string().key(),
    /** ISO time of the first acceptance. */
    accepted: string(),
  }),
  computeKey: ({ user_id, version }) => ({ pk: `eula#${user_id}`, sk: `version#${version}` }),
  timestamps: false,
});
