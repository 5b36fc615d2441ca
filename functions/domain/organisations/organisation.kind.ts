import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { organisationListColumns, type OrganisationRow } from '../../../shared/organisations/organisations.admin';
import { portalTable, timestamps } from '../../lib/db/table';
import { declareList } from '../../lib/lists/declare-list';
import { declareRecordKind } from '../../lib/records/record-kind';
import { auditTrail } from '../audit/audit.repository';
import { userList } from '../users/user-list';

/**
 * An organisation: a name and its owner (who created it, until they hand it over). Its id is a counter.
 *
 * | access pattern                  | key / index                                 | operation     |
 * |---------------------------------|---------------------------------------------|---------------|
 * | an organisation by id           | pk `organisation#{id}`, sk `organisation`   | GetItem, Put  |
 * | every organisation (admin list) | the list rows of kind `organisations`       | list-store.ts |
 */
export const organisationPartition = (id: number) => `organisation#${id}`;

export const OrganisationEntity = new Entity({
  name: 'organisation',
  table: portalTable,
  schema: item({
    id: number().key(),
    name: string(),
    owner_id: number(),
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
  row: ({ id, name, owner_id, created }: OrganisationRecord): ListRow => ({ id, name, owner_id, created }),
  joins: { users: userList },
  search: { numbers: (row) => [row.id, row.owner_id], texts: (row, joined) => [row.name, ownerEmail(row, joined)] },
  sort: { owner: ownerEmail },
  result: (row, joined): OrganisationRow => ({ ...row, owner: ownerEmail(row, joined) }),
  csv: [
    ['id', (row) => row.id],
    ['name', (row) => row.name],
    ['owner_id', (row) => row.owner_id],
    ['owner', (row) => row.owner],
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
    ignore: ['created', 'updated'],
  },
});
