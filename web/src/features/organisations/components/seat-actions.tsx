import { Button, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { organisationSeatsContract, type OrganisationLicense } from '../../../../../shared/organisations/organisation-seats.contract';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorBanner } from '../../../components/error-banner';
import { FormDialog } from '../../../components/form-dialog';
import { useSubmit } from '../../../lib/forms/use-submit';
import { seatQuestions, seatTexts } from '../messages';
import { SEAT_CHANGES } from '../organisation-changes';

/** A member a seat may be assigned to, as get_organisation_licenses names them. */
export interface SeatMember {
  id: number;
  name: string;
}

/** The assign select shows this many choices at a time. */
const SHOWN_MEMBERS = 50;

/** The assign select's choice for the pool (the cmd takes null). */
const POOL = 'pool';

const choiceOf = (license: OrganisationLicense) => (license.assigned_to ? String(license.assigned_to.id) : POOL);

interface SeatProps {
  organisationId: number;
  license: OrganisationLicense;
}

function AssignForm({ organisationId, license, members, onDone }: SeatProps & { members: readonly SeatMember[]; onDone: () => void }) {
  const assign = useCmdMutation(organisationSeatsContract, 'assign_license', SEAT_CHANGES);
  const [choice, setChoice] = useState(choiceOf(license));
  const userId = choice === POOL ? null : Number(choice);
  const memberName = members.find((member) => member.id === userId)?.name ?? null;
  const submit = useSubmit(() => assign.mutateAsync({ organisation_id: organisationId, license_id: license.id, user_id: userId }), {
    success: () => seatTexts.assigned(license.id, memberName),
    onSuccess: onDone,
  });
  // Another member's seat takes it from the machine that holds it now: said before it is saved.
  const frees = license.holder !== null && userId !== null && userId !== license.holder.user_id;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit.run();
      }}
      noValidate
    >
      <ErrorBanner />
      <Stack gap="sm">
        <Select
          label={seatTexts.assignField}
          data={[{ value: POOL, label: seatTexts.pool }, ...members.map((member) => ({ value: String(member.id), label: member.name }))]}
          value={choice}
          onChange={(value) => setChoice(value ?? POOL)}
          allowDeselect={false}
          // An organisation may have a thousand members: typing finds one, and the list stays short.
          searchable
          limit={SHOWN_MEMBERS}
          nothingFoundMessage="No such member"
          data-autofocus
        />
        {frees && license.holder && <Text size="sm">{seatTexts.assignFrees(license.holder.name, license.holder.hostname, license.holder.lease_end)}</Text>}
        <DialogActions label={seatTexts.assign} pending={submit.pending} valid={choice !== choiceOf(license)} onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** Assign: a dialog choosing the member the seat is for, or the pool (any member). */
export function AssignSeatButton({ organisationId, license, members }: SeatProps & { members: readonly SeatMember[] }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button size="compact-sm" variant="default" aria-haspopup="dialog" aria-label={seatTexts.assignLabel(license.id)} onClick={() => setOpen(true)}>
        {seatTexts.assign}
      </Button>
      <FormDialog opened={open} onClose={close} title={seatTexts.assignTitle(license.id)}>
        <AssignForm organisationId={organisationId} license={license} members={members} onDone={close} />
      </FormDialog>
    </>
  );
}

/** Release seat: frees a held seat at once (asked first); the machine keeps its lease, never renewed. */
export function ReleaseSeatButton({ organisationId, license }: SeatProps) {
  const release = useCmdMutation(organisationSeatsContract, 'release_organisation_seat', SEAT_CHANGES);
  const submit = useSubmit(() => release.mutateAsync({ organisation_id: organisationId, license_id: license.id }), {
    confirm: () => seatQuestions.release(license.id, license.holder?.hostname ?? null, license.holder?.lease_end ?? null),
    success: () => seatTexts.released(license.id),
  });
  return (
    <Button size="compact-sm" variant="light" color="red" loading={submit.pending} aria-label={seatTexts.releaseLabel(license.id)} onClick={() => void submit.run()}>
      {seatTexts.release}
    </Button>
  );
}
