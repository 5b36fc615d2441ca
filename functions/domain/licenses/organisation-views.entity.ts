import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable, timestamps } from '../../lib/db/table';
import { licenseSortKey } from './license.entity';
import { licenseViewsPartition } from './license-view.entity';

/**
 * The copies that let an organisation's licenses be read as lists, written in the transaction of every
 * write of the license or the membership they follow:
 * - each license of an organisation, copied into the organisation's partition of views (its seats screen,
 *   and its members' license lists);
 * - each membership, marked in the member's own partition of license views, so the one Query that reads
 *   their own and shared licenses also says which organisations' views to read.
 *
 * | access pattern                            | key                                                       | operation |
 * |-------------------------------------------|-----------------------------------------------------------|-----------|
 * | an organisation's licenses, as copies     | pk `organisation-license-views#{id}`, sk `license#{id:10}` | Query     |
 * | the organisations whose licenses a user reads | pk `license-views#{userId}`, sk `organisation#{id:10}` | Query (with their copies) |
 */
export const organisationLicenseViewsPartition = (organisationId: number) => `organisation-license-views#${organisationId}`;
const markSortKey = (organisationId: number) => `organisation#${String(organisationId).padStart(10, '0')}`;

export const OrganisationLicenseViewEntity = new Entity({
  name: 'organisation-license-view',
  table: portalTable,
  schema: item({
    organisation_id: number().key(),
    license_id: number().key(),
    /** The license as its last write left it, as JSON (as a user's copy: license-view.entity.ts). */
    license: string(),
  }),
  computeKey: ({ organisation_id, license_id }) => ({ pk: organisationLicenseViewsPartition(organisation_id), sk: licenseSortKey(license_id) }),
  timestamps,
});

export const MemberLicensesMarkEntity = new Entity({
  name: 'member-licenses-mark',
  table: portalTable,
  schema: item({
    user_id: number().key(),
    /** The organisation whose licenses the member's list reads too. */
    organisation_id: number().key(),
  }),
  computeKey: ({ user_id, organisation_id }) => ({ pk: licenseViewsPartition(user_id), sk: markSortKey(organisation_id) }),
  timestamps: false,
});
