import { Table, Text } from '@mantine/core';
import { describeDuration } from '../../../../../shared/commerce/codes';
import type { LicenseCodeRow } from '../../../../../shared/contract/lic.admin';
import { Person } from '../../../components/person';
import { SortableTable } from '../../../components/sortable-table';
import { useLicenseTypeName } from '../../../hooks/use-license-catalog';
import { formatDate, formatDay } from '../../../lib/dates';
import type { SortOrder } from '../../../lib/sorting';
import { userDetailPath } from '../../admin-users';
import type { LicenseCodeOrderColumn } from '../list-query';
import classes from './license-codes.module.css';

const COLUMNS: readonly { column: LicenseCodeOrderColumn; header: string }[] = [
  { column: 'id', header: 'Id' },
  { column: 'created', header: 'Created' },
  { column: 'code', header: 'Code' },
  { column: 'description', header: 'Description' },
  { column: 'license_type_id', header: 'License type' },
  { column: 'license_usage', header: 'License usage' },
  { column: 'single_usage', header: 'Single use' },
  { column: 'duration', header: 'Duration' },
  { column: 'valid_from', header: 'Valid from' },
  { column: 'valid_to', header: 'Valid to' },
  { column: 'used', header: 'Used' },
  { column: 'used_by', header: 'Used by' },
];

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function CodeRow({ code }: { code: LicenseCodeRow }) {
  const typeName = useLicenseTypeName();
  return (
    <Table.Tr>
      <Table.Td>{code.id}</Table.Td>
      <Table.Td className={classes.nowrap}>{formatDate(code.created)}</Table.Td>
      <Table.Td className={classes.code} ff="monospace">
        {code.code}
      </Table.Td>
      <Table.Td className={classes.description}>{code.description}</Table.Td>
      <Table.Td>{typeName(code.license_type_id)}</Table.Td>
      <Table.Td>{code.license_usage}</Table.Td>
      <Table.Td>{yesNo(code.single_usage)}</Table.Td>
      {/* "6 months", not the stored ISO period (P6M). */}
      <Table.Td>{code.duration ? describeDuration(code.duration) : ''}</Table.Td>
      <Table.Td className={classes.nowrap}>{code.valid_from ? formatDay(code.valid_from) : ''}</Table.Td>
      <Table.Td className={classes.nowrap}>{code.valid_to ? formatDay(code.valid_to) : ''}</Table.Td>
      <Table.Td>
        {yesNo(code.used)}
        {/* A campaign code is redeemed once per user: how many have. */}
        {!code.single_usage && code.redemptions > 0 && (
          <Text size="xs" c="dimmed" span display="block" className={classes.nowrap}>
            {code.redemptions} {code.redemptions === 1 ? 'user' : 'users'}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {code.used_by !== null && (
          <Person id={code.used_by} email={code.used_by_email} to={userDetailPath(code.used_by)} />
        )}
      </Table.Td>
    </Table.Tr>
  );
}

interface LicenseCodesTableProps {
  rows: readonly LicenseCodeRow[];
  sort: SortOrder<LicenseCodeOrderColumn>;
  onSort: (column: LicenseCodeOrderColumn) => void;
  /** A new page, order or search is loading: the rows shown are the previous ones. */
  busy: boolean;
}

/** The license codes, one a row, each column header sorting the list on the server. */
export function LicenseCodesTable({ rows, sort, onSort, busy }: LicenseCodesTableProps) {
  return (
    <SortableTable label="License codes" columns={COLUMNS} sort={sort} onSort={onSort} busy={busy} minWidth={960} className={classes.table}>
      {rows.map((code) => (
        <CodeRow key={code.id} code={code} />
      ))}
    </SortableTable>
  );
}
