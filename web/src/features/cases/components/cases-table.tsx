import { Anchor, Table } from '@mantine/core';
import type { Case } from '../../../../../shared/contract/case';
import type { caseListColumns } from '../../../../../shared/lists/admin-lists';
import { SortableTable } from '../../../components/sortable-table';
import { formatDateTime } from '../../../lib/dates';
import type { SortOrder } from '../../../lib/sorting';
import { adminName, type AdminSummary } from '../admin-name';
import { caseTexts } from '../messages';
import { CaseStateBadge } from './case-state-badge';

type CaseOrderColumn = (typeof caseListColumns.orderBy)[number];

const COLUMNS: readonly { column: CaseOrderColumn; header: string }[] = [
  { column: 'id', header: 'Id' },
  { column: 'title', header: 'Title' },
  { column: 'user', header: 'Customer' },
  { column: 'state', header: 'State' },
  { column: 'assigned_to', header: 'Assigned to' },
  { column: 'updated', header: 'Updated' },
  { column: 'attachment_count', header: 'Attachments' },
];

interface CasesTableProps {
  rows: readonly Case[];
  /** Admins see the customer's email and the assignee's name; a customer sees "Support" when assigned. */
  isAdmin: boolean;
  admins: readonly AdminSummary[];
  sort: SortOrder<CaseOrderColumn>;
  onSort: (column: CaseOrderColumn) => void;
  /** A case's id or title was clicked: its dialog opens. */
  onOpen: (id: number) => void;
  busy: boolean;
}

/** The cases, one a row, each column header sorting the list on the server. */
export function CasesTable({ rows, isAdmin, admins, sort, onSort, onOpen, busy }: CasesTableProps) {
  return (
    <SortableTable label="Cases" columns={COLUMNS} sort={sort} onSort={onSort} busy={busy} minWidth={880}>
      {rows.map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td>
            <Anchor component="button" type="button" size="sm" aria-haspopup="dialog" onClick={() => onOpen(row.id)}>
              {row.id}
            </Anchor>
          </Table.Td>
          <Table.Td>{row.title}</Table.Td>
          <Table.Td>{isAdmin ? row.email : row.name}</Table.Td>
          <Table.Td>
            <CaseStateBadge state={row.state} />
          </Table.Td>
          <Table.Td>{row.assigned_to === null ? '' : isAdmin ? adminName(admins, row.assigned_to) : caseTexts.support}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.updated)}</Table.Td>
          <Table.Td>{row.attachment_count}</Table.Td>
        </Table.Tr>
      ))}
    </SortableTable>
  );
}
