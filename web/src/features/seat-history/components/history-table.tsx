import { Table, Text } from '@mantine/core';
import type { SeatHistoryRow } from '../../../../../shared/licenses/seat-history.contract';
import { personText } from '../../../components/person';
import { TableFrame } from '../../../components/table-frame';
import { formatDateTime } from '../../../lib/dates';
import { seatHistoryTexts } from '../messages';

/** The machine by its name, with its fingerprint below (two machines may share a name). */
function MachineCell({ row }: { row: SeatHistoryRow }) {
  return (
    <>
      <Text size="sm" span display="block">
        {row.hostname ?? '–'}
      </Text>
      {row.fingerprint && (
        <Text size="xs" c="dimmed" span display="block">
          {row.fingerprint}
        </Text>
      )}
    </>
  );
}

/** What a row was: how the machine got and lost the seat, or that it was turned away. */
const howText = (row: SeatHistoryRow) =>
  row.kind === 'refused' ? seatHistoryTexts.turnedAway : seatHistoryTexts.how(row.started_by ?? 'reserve', row.ended_by);

/**
 * A page of a license's seat history, newest first: who held the seat (or was turned away), on which
 * machine, from when to when (the holder of now: "Holds it now"), and how.
 */
export function HistoryTable({ licenseId, rows }: { licenseId: number; rows: readonly SeatHistoryRow[] }) {
  const label = seatHistoryTexts.table(licenseId);
  return (
    <TableFrame label={label} minWidth={760}>
      <Table striped verticalSpacing={6} fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Who</Table.Th>
            <Table.Th>Machine</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th>How</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.kind}-${row.from}-${row.fingerprint ?? ''}-${row.user_id}`}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{personText({ id: row.user_id, name: row.name })}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <MachineCell row={row} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.from)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.kind === 'refused' ? '' : row.to ? formatDateTime(row.to) : seatHistoryTexts.holdsNow}</Table.Td>
              <Table.Td>{howText(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}
