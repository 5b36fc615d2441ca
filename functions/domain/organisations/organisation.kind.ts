import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { OrganisationRow } from '../../../shared/organisations/organisations.admin';
import { organisationListColumns } from '../../../shared/organisations/organisations';
import { portalTable, timestamps } from '../../lib/db/table';
import { declareList } from '../../lib/lists/declare-list';
import { declareRecordKind } from '../../lib/records/record-kind';
import { auditTrail } from '../audit/audit.repository';
import { userList } from '../users/user-list';
import { organisationPartition } from './organisation-keys';

export { organisationPartition, organisationSortKey } from './organisation-keys';

/**
 * An organisation: a name, its owner (who created it, until they hand it over) and how many members it
 * has. Its id is a counter. Its partition holds it, its members and its pending invitations; every write
 * of a member or an invitation writes the organisation too, conditioned on the `version` it read, so two
 * changes of one organisation never both pass a check of its members (its size, its last owner).
 *
 * | access pattern                      | key / index                                 | operation     |
 * |-------------------------------------|---------------------------------------------|---------------|
 * | an organisation by id               | pk `organisation#{id}`, sk `organisation`   | GetItem, Put  |
 * | it with its members and invitations | pk `organisation#{id}`                      | Query         |
 * | every organisation (admin list)     | the list rows of kind `organisations`       | list-store.ts |
 */

export const OrganisationEntity = new Entity({
  name: 'organisation',
  table: portalTable,
  schema: item({
    id: number().key(),
    name: string(),
    owner_id: number(),
    /** Its members, its owner counted. */
    members: number(),
    /** Counts the writes of it, its members and its invitations; each is conditioned on the count it read. */
    version: number(),
    /**
     * Its members as JSON (organisation-directory.ts), kept by every write of a membership (each writes the
     * organisation too): its screens read one item, not a partition of 1,000 members.
     */
    directory: string().optional(),
  }),
  computeKey: ({ id }) => ({ pk: organisationPartition(id), sk: 'organisation' }),
  timestamps,
});

export type OrganisationRecord = FormattedItem<typeof OrganisationEntity>;

type ListRow = Omit<OrganisationRow, 'owner'>;
const ownerEmail = (row: ListRow, { users }: { users: ReadonlyMap<number, { email: string }> }) => users.get(row.owner_id)?.email ?? '';

/**
 * The admins' organisations list: a search finds an organisation by its id or its owner's, or by text in
 * its name or its owner's email (joined from the users list).
 */
export const organisationList = declareList({
  columns: organisationListColumns,
  row: ({ id, name, owner_id, members, created }: OrganisationRecord): ListRow => ({ id, name, owner_id, members, created }),
  joins: { users: userList },
  search: { numbers: (row) => [row.id, row.owner_id], texts: (row, joined) => [row.name, ownerEmail(row, joined)] },
  sort: { owner: ownerEmail },
  result: (row, joined): OrganisationRow => ({ ...row, owner: ownerEmail(row, joined) }),
  csv: [
    ['id', (row) => row.id],
    ['name', (row) => row.name],
    ['owner_id', (row) => row.owner_id],
    ['owner', (row) => row.owner],
    ['members', (row) => row.members],
    ['created', (row) => row.created],
  ],
});

/** An organisation as a record kind: listed (the admins' list) and audited in its owner's trail. */
export const organisationKind = declareRecordKind<typeof OrganisationEntity, OrganisationRecord, { organisation: typeof organisationPartition }>({
  name: 'organisation',
  entity: OrganisationEntity,
  key: ({ id }) => ({ id }),
  keys: { organisation: organisationPartition },
  list: organisationList,
  audit: {
    trail: auditTrail,
    target: ({ id }) => `organisation#${id}`,
    users: ({ owner_id }) => [owner_id],
    ignore: ['created', 'updated', 'version', 'members', 'directory'],
  },
});
