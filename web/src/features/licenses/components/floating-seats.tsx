import { Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { licContract, type FloatingSeat, type LicenseRow } from '../../../../../shared/contract/lic';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useCmdQuery } from '../../../api/cmd-query';
import { ActionsTh } from '../../../components/actions-th';
import { Detail } from '../../../components/detail';
import { ErrorBanner } from '../../../components/error-banner';
import { FormDialog } from '../../../components/form-dialog';
import { PageLoader } from '../../../components/page-loader';
import { TableFrame } from '../../../components/table-frame';
import { formatDateTime } from '../../../lib/dates';
import { useSubmit } from '../../../lib/forms/use-submit';
import { floatingQuestions, floatingTexts } from '../floating-texts';

/** What freeing a seat changes: the machines listed, and the licenses (a seat of theirs in use). */
const FLOATING_CHANGES = { invalidates: ['get_floating_seats', 'get_licenses'] } as const;

/** A floating license: one with several seats (the single seat's fields stay empty for it). */
export const isFloating = (license: LicenseRow): license is LicenseRow & { seats: number } => license.seats !== undefined;

/** The seats in use and the machines the caller may see (every machine for its owner, else their own). */
const useFloatingSeats = (licenseId: number, settings: { refetchOnMount?: 'always' } = {}) =>
  useCmdQuery(licContract, 'get_floating_seats', { license_id: licenseId }, settings);


/** The card's "Seats" detail: how many, that they float, and how many are in use. */
export function FloatingSeatsDetail({ license }: { license: LicenseRow & { seats: number } }) {
  const seats = useFloatingSeats(license.id);
  return <Detail label="Seats">{floatingTexts.seats(license.seats, seats.data?.in_use ?? null)}</Detail>;
}

/** Release (another's machine) or Return (one's own), asked first: the seat is free at once. */
function FreeSeatButton({ license, seat }: { license: LicenseRow; seat: FloatingSeat }) {
  const free = useCmdMutation(licContract, 'return_license', FLOATING_CHANGES);
  const submit = useSubmit(() => free.mutateAsync({ license_id: license.id, fingerprint: seat.fingerprint }), {
    confirm: () => floatingQuestions.free(license.id, seat),
    success: () => floatingTexts.freed(license.id, seat),
  });
  return (
    <Button
      size="compact-sm"
      variant={seat.mine ? 'default' : 'light'}
      color={seat.mine ? undefined : 'red'}
      loading={submit.pending}
      aria-label={floatingTexts.freeLabel(seat)}
      onClick={() => void submit.run()}
    >
      {seat.mine ? floatingTexts.return : floatingTexts.release}
    </Button>
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/** The machines holding seats: machine, whose, kind, since, lease end, and Release or Return where the caller may. */
function SeatsTable({ license, held }: { license: LicenseRow; held: readonly FloatingSeat[] }) {
  return (
    <TableFrame label={floatingTexts.machines} minWidth={720} pinnedActions>
      <Table striped verticalSpacing={6} fz="sm" aria-label={floatingTexts.machines}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Machine</Table.Th>
            <Table.Th>Whose</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Since</Table.Th>
            <Table.Th>Lease ends</Table.Th>
            <ActionsTh />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {held.map((seat) => (
            <Table.Tr key={seat.seat}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{seat.hostname}</Table.Td>
              <Table.Td>{floatingTexts.whose(seat)}</Table.Td>
              <Table.Td>{floatingTexts.kind(seat)}</Table.Td>
              <Table.Td style={nowrap}>{formatDateTime(seat.since)}</Table.Td>
              <Table.Td style={nowrap}>{formatDateTime(seat.lease_end)}</Table.Td>
              <Table.Td>{seat.may_free && <FreeSeatButton license={license} seat={seat} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}

/** The dialog's content, read anew each time it opens: the machines may have changed since the card read them. */
function FloatingSeatsList({ license }: { license: LicenseRow & { seats: number } }) {
  const seats = useFloatingSeats(license.id, { refetchOnMount: 'always' });
  const inUse = seats.data?.in_use ?? 0;
  const held = seats.data?.held ?? [];
  return (
    <Stack gap="sm">
      <ErrorBanner />
      {seats.isPending && <PageLoader />}
      {seats.data && (
        <>
          <Text size="sm" fw={600}>
            {floatingTexts.seats(license.seats, inUse)}
          </Text>
          <Text size="sm" c="dimmed">
            {floatingTexts.about}
          </Text>
          {held.length > 0 && <SeatsTable license={license} held={held} />}
          {inUse === 0 && <Text size="sm">{floatingTexts.none}</Text>}
          {inUse > held.length && <Text size="sm">{floatingTexts.othersInUse(inUse - held.length)}</Text>}
        </>
      )}
    </Stack>
  );
}

/** Seats: opens the dialog listing the machines that hold the license's seats. */
export function FloatingSeatsButton({ license }: { license: LicenseRow & { seats: number } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" aria-haspopup="dialog" aria-label={floatingTexts.seatsLabel(license.id)} onClick={() => setOpen(true)}>
        {floatingTexts.seatsButton}
      </Button>
      <FormDialog wide opened={open} onClose={() => setOpen(false)} title={floatingTexts.title(license.id)}>
        <FloatingSeatsList license={license} />
      </FormDialog>
    </>
  );
}
