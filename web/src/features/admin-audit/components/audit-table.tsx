import { Table, Text } from '@mantine/core';
import { auditActionWords } from '../../../../../shared/audit/action-words';
import type { AuditEntry } from '../../../../../shared/audit/entries';
import type { auditListColumns } from '../../../../../shared/lists/admin-lists';
import { AuditChanges } from '../../../components/audit-changes';
import { namesFrom, Person } from '../../../components/person';
import { SortableTable } from '../../../components/sortable-table';
import { WholeValues } from '../../../components/whole-values';
import { formatDateTime } from '../../../lib/dates';
import type { SortOrder } from '../../../lib/sorting';
import { userDetailPath } from '../../admin-users';

export type AuditOrderColumn = (typeof auditListColumns.orderBy)[number];

const COLUMNS: readonly { column: AuditOrderColumn; header: string }[] = [
  { column: 'at', header: 'When' },
  // Who acted: an admin, or a customer moving or sharing their own license.
  { column: 'by_user_id', header: 'By' },
  { column: 'action', header: 'Action' },
  { column: 'target', header: 'Target' },
];

const nowrap = { whiteSpace: 'nowrap' } as const;

function AuditRow({ entry }: { entry: AuditEntry }) {
  const nameOf = namesFrom(entry.people);
  return (
    <Table.Tr>
      <Table.Td style={nowrap}>{formatDateTime(entry.at)}</Table.Td>
      <Table.Td>
        <Person id={entry.by_user_id} email={entry.by_user_email} to={userDetailPath(entry.by_user_id)} />
      </Table.Td>
      <Table.Td>
        <WholeValues text={auditActionWords(entry, nameOf)} />
        {/* The call, as the logs and the Action filter name it. */}
        {entry.cmd && (
          <Text size="xs" c="dimmed" display="block">
            {entry.cmd}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={nowrap}>{entry.target ?? ''}</Table.Td>
      <Table.Td>
        <AuditChanges entry={entry} nameOf={nameOf} />
      </Table.Td>
      <Table.Td>
        <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {entry.request_id ?? ''}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

interface AuditTableProps {
  rows: readonly AuditEntry[];
  sort: SortOrder<AuditOrderColumn>;
  onSort: (column: AuditOrderColumn) => void;
  /** A new page, order or filter is loading: the rows shown are the previous ones. */
  busy: boolean;
}

/** The audit entries, one a row; When, By, Action and Target sort the list on the server. */
export function AuditTable({ rows, sort, onSort, busy }: AuditTableProps) {
  return (
    <SortableTable
      label="Audit entries"
      columns={COLUMNS}
      sort={sort}
      onSort={onSort}
      busy={busy}
      minWidth={900}
      // Values, not a row's actions: nothing to pin.
      pinExtraHeaders={false}
      extraHeaders={
        <>
          <Table.Th>Before → After</Table.Th>
          <Table.Th>Request id</Table.Th>
        </>
      }
    >
      {rows.map((entry) => (
        <AuditRow key={entry.id} entry={entry} />
      ))}
    </SortableTable>
  );
}
