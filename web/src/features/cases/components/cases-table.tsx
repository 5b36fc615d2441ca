import { Anchor, Table, Text } from '@mantine/core';
import { CASE_STATE } from '../../../../../shared/cases/cases';
import type { Case } from '../../../../../shared/contract/case';
import type { caseListColumns } from '../../../../../shared/lists/admin-lists';
import { SortableTable } from '../../../components/sortable-table';
import { formatDateTime } from '../../../lib/dates';
import type { SortOrder } from '../../../lib/sorting';
import { adminName, type AdminSummary } from '../admin-name';
import { caseTexts } from '../messages';
import { CaseStateBadge } from './case-state-badge';

type CaseOrderColumn = (typeof caseListColumns.orderBy)[number];

/**
 * How long an open case has waited, since it last changed (a comment, a state, an assignment): in hours
 * on its first day, then in days, so support sees which waits longest and a customer how long theirs has.
 */
function waitingAge(updated: string, now: number): string {
  const hours = Math.max(0, Math.floor((now - Date.parse(updated)) / 3_600_000));
  if (hours < 1) return 'under an hour';
  if (hours < 24) return hours === 1 ? '1 hour' : `${hours} hours`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}

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
  // How long each case has waited, as of this rendering of the list.
  // eslint-disable-next-line react-hooks/purity -- an age is shown as of the moment it is drawn
  const now = Date.now();
  return (
    <SortableTable label="Cases" columns={COLUMNS} sort={sort} onSort={onSort} busy={busy} minWidth={880}>
      {rows.map((row) => (
        // The whole row opens the case; its id stays the button a keyboard reaches.
        <Table.Tr key={row.id} onClick={() => onOpen(row.id)} style={{ cursor: 'pointer' }}>
          <Table.Td>
            <Anchor
              component="button"
              type="button"
              size="sm"
              aria-haspopup="dialog"
              onClick={(event) => {
                event.stopPropagation(); // the row would open it a second time
                onOpen(row.id);
              }}
            >
              {row.id}
            </Anchor>
          </Table.Td>
          <Table.Td>{row.title}</Table.Td>
          <Table.Td>{isAdmin ? row.email : row.name}</Table.Td>
          <Table.Td>
            <CaseStateBadge state={row.state} />
            {row.state !== CASE_STATE.closed && (
              <Text span size="xs" c="dimmed" ml={6} style={{ whiteSpace: 'nowrap' }}>
                {caseTexts.waitingFor(waitingAge(row.updated, now))}
              </Text>
            )}
          </Table.Td>
          <Table.Td>{row.assigned_to === null ? '' : isAdmin ? adminName(admins, row.assigned_to) : caseTexts.support}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.updated)}</Table.Td>
          <Table.Td>{row.attachment_count}</Table.Td>
        </Table.Tr>
      ))}
    </SortableTable>
  );
}
