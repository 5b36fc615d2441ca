import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminLicenseRow, LicenseOrderColumn } from '../../../../../shared/contract/lic.admin';
import { licenseStateText } from '../../../../../shared/licenses/display';
import { ActionsTh } from '../../../components/actions-th';
import { EmailText } from '../../../components/email-text';
import { Person } from '../../../components/person';
import { SortableTable } from '../../../components/sortable-table';
import { useLicenseTypeName } from '../../../hooks/use-license-catalog';
import { addonsText } from '../../../lib/addons';
import { formatDate, formatDay } from '../../../lib/dates';
import type { SortOrder } from '../../../lib/sorting';
import { userDetailPath } from '../../admin-users';
import { LicenseActionsMenu } from './license-actions-menu';
import classes from './licenses-table.module.css';
import { SharedIcon } from './shared-icon';

interface Column {
  column: LicenseOrderColumn;
  header: ReactNode;
  /** The owner's columns, left out where the list is one user's. */
  owner?: boolean;
}

const COLUMNS: readonly Column[] = [
  { column: 'id', header: 'Id' },
  { column: 'created', header: 'Created' },
  { column: 'user', header: 'User', owner: true },
  { column: 'company', header: 'Company', owner: true },
  { column: 'license_type_id', header: 'License type' },
  { column: 'license_usage', header: 'License usage' },
  { column: 'enabled', header: 'Enabled' },
  { column: 'valid_from', header: 'Valid from' },
  { column: 'valid_to', header: 'Valid to' },
  { column: 'reserved_to', header: 'Reserved to' },
  { column: 'state', header: 'State' },
  {
    column: 'shared_count',
    header: (
      <>
        <SharedIcon size={14} />
        <VisuallyHidden>Shared</VisuallyHidden>
      </>
    ),
  },
];

/** Who holds the seat: the machine and its user, or the dongle the license is bound to. */
function Holder({ license }: { license: AdminLicenseRow }) {
  return (
    <>
      {license.reserved_to !== null && (
        <>
          <Text size="sm" span display="block">
            {license.hostname ?? 'A machine'}
          </Text>
          <Text size="xs" c="dimmed" span display="block" className={classes.whole}>
            <Person id={license.reserved_to} email={license.reserved_to_email} />
          </Text>
        </>
      )}
      {license.hid && (
        <Text size="xs" c="dimmed" span display="block">
          Dongle {license.hid}
        </Text>
      )}
    </>
  );
}

/** A shared license's mark, named for assistive technology and on hover. */
function SharedMark({ count }: { count: number }) {
  const text = `Shared with ${count} ${count === 1 ? 'user' : 'users'}`;
  return (
    <span role="img" aria-label={text} title={text}>
      <SharedIcon />
    </span>
  );
}

function LicenseRow({ license, showOwner }: { license: AdminLicenseRow; showOwner: boolean }) {
  const typeName = useLicenseTypeName();
  const state = licenseStateText(license);
  const addons = addonsText(license.addons);
  return (
    <Table.Tr>
      <Table.Td>{license.id}</Table.Td>
      <Table.Td className={classes.nowrap}>{formatDate(license.created)}</Table.Td>
      {showOwner && (
        <>
          <Table.Td className={classes.user}>
            <Anchor component={Link} to={userDetailPath(license.user_id)} size="xs" className={classes.email}>
              {license.user ? <EmailText email={license.user} /> : `User ${license.user_id}`}
            </Anchor>
          </Table.Td>
          <Table.Td className={classes.company}>{license.company}</Table.Td>
        </>
      )}
      <Table.Td>
        {typeName(license.license_type_id)}
        {addons && (
          <Text size="xs" c="dimmed" span display="block">
            {addons}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{license.license_usage}</Table.Td>
      <Table.Td>{license.enabled ? 'Yes' : 'No'}</Table.Td>
      <Table.Td className={classes.nowrap}>{formatDay(license.valid_from)}</Table.Td>
      <Table.Td className={classes.nowrap}>{license.valid_to ? formatDay(license.valid_to) : ''}</Table.Td>
      <Table.Td className={classes.holder}>
        <Holder license={license} />
      </Table.Td>
      <Table.Td className={classes.state} c={license.expired || !license.enabled ? 'red' : undefined}>
        {state}
      </Table.Td>
      <Table.Td>
        {license.shared_count > 0 && <SharedMark count={license.shared_count} />}
      </Table.Td>
      <Table.Td>
        <LicenseActionsMenu license={license} />
      </Table.Td>
    </Table.Tr>
  );
}

interface LicensesTableProps {
  rows: readonly AdminLicenseRow[];
  sort: SortOrder<LicenseOrderColumn>;
  onSort: (column: LicenseOrderColumn) => void;
  /** With the User and Company columns (the all-licenses list), or without (one user's licenses). */
  showOwner: boolean;
  /** A new page, order or filter is loading: the rows shown are the previous ones. */
  busy: boolean;
}

/**
 * The admin license table: one row per license, each column header sorting the list (on the server),
 * the State text from the shared display rules, a mark for a shared license, and the row's actions.
 */
export function LicensesTable({ rows, sort, onSort, showOwner, busy }: LicensesTableProps) {
  const columns = COLUMNS.filter((column) => showOwner || !column.owner);
  return (
    <SortableTable
      label="Licenses"
      columns={columns}
      sort={sort}
      onSort={onSort}
      busy={busy}
      minWidth={showOwner ? 960 : 860}
      className={classes.table}
      extraHeaders={<ActionsTh />}
    >
      {rows.map((license) => (
        <LicenseRow key={license.id} license={license} showOwner={showOwner} />
      ))}
    </SortableTable>
  );
}
