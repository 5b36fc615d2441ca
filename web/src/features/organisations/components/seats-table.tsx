import { Anchor, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { OrganisationLicense, SeatHolder } from '../../../../../shared/organisations/organisation-seats.contract';
import { LICENSE_TYPES } from '../../../../../shared/licenses/catalog';
import { isPerpetual } from '../../../../../shared/licenses/display';
import { ActionsTh } from '../../../components/actions-th';
import { TableFrame } from '../../../components/table-frame';
import { formatDay } from '../../../lib/dates';
import { seatTexts } from '../messages';
import { seatHistoryPath } from '../../seat-history';
import { AssignSeatButton, ReleaseSeatButton, type SeatMember } from './seat-actions';

/** A license's id links to its seat history (who held the seat, who was turned away). */
const seatHistoryLinkText = (id: number) => `Seat history of license ${id}`;

const typeName = (id: string) => LICENSE_TYPES.find((type) => type.id === id)?.name ?? id;

/** Valid to, and what keeps the license from being used (ended, disabled). */
function validToText(license: OrganisationLicense): string {
  const end = isPerpetual(license.valid_to) ? 'Perpetual' : formatDay(license.valid_to ?? '');
  const marks = [license.expired && 'expired', !license.enabled && 'disabled'].filter(Boolean);
  return marks.length > 0 ? `${end} (${marks.join(', ')})` : end;
}

/**
 * Who holds the seat: the person (marked once they left), their machine and since when, and when its lease
 * ends; for a floating license, how many of its seats are in use.
 */
function HolderCell({ holder, license }: { holder: SeatHolder | null; license: OrganisationLicense }) {
  if (license.seats !== undefined) return <Text size="sm">{seatTexts.floating(license.seats, license.in_use ?? 0)}</Text>;
  if (!holder) return <Text size="sm">{seatTexts.free}</Text>;
  return (
    <>
      <Text size="sm" span display="block">
        {holder.member ? holder.name : `${holder.name} (${seatTexts.leftOrganisation})`}
      </Text>
      <Text size="xs" c="dimmed" span display="block">
        {seatTexts.since(holder.hostname, holder.since)}
      </Text>
      {holder.lease_end && (
        <Text size="xs" c="dimmed" span display="block">
          {seatTexts.leaseEnds(holder.lease_end)}
        </Text>
      )}
    </>
  );
}

interface SeatsTableProps {
  organisationId: number;
  licenses: readonly OrganisationLicense[];
  /** The members a seat may be assigned to. */
  members: readonly SeatMember[];
  /** Whether the caller manages the seats (its owner and admins); a portal admin only reads them. */
  manages: boolean;
}

/**
 * An organisation's licenses, one row each: id, type, valid to, who bought it, whom its seat is for
 * (a member, or the pool), who holds it now; for its owner and admins Assign, and Release seat on a held one.
 */
export function SeatsTable({ organisationId, licenses, members, manages }: SeatsTableProps) {
  return (
    <TableFrame label={seatTexts.licenses} minWidth={manages ? 960 : 760} pinnedActions={manages}>
      <Table striped verticalSpacing={6} fz="sm" aria-label={seatTexts.licenses}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>License</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Valid to</Table.Th>
            <Table.Th>Bought by</Table.Th>
            <Table.Th>Assigned to</Table.Th>
            <Table.Th>Held by</Table.Th>
            {manages && <ActionsTh />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {licenses.map((license) => (
            <Table.Tr key={license.id}>
              <Table.Td>
                <Anchor component={Link} to={seatHistoryPath(license.id)} aria-label={seatHistoryLinkText(license.id)}>
                  {license.id}
                </Anchor>
              </Table.Td>
              <Table.Td>{typeName(license.license_type_id)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{validToText(license)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{license.bought_by.name}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{license.assigned_to ? license.assigned_to.name : seatTexts.pool}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <HolderCell holder={license.holder} license={license} />
              </Table.Td>
              {manages && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" justify="flex-end">
                    <AssignSeatButton organisationId={organisationId} license={license} members={members} />
                    {license.holder && <ReleaseSeatButton organisationId={organisationId} license={license} />}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}
