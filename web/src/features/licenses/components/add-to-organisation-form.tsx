import { Button, Group, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import type { LicenseRow } from '../../../../../shared/contract/lic';
import { organisationSeatsContract } from '../../../../../shared/organisations/organisation-seats.contract';
import type { Membership } from '../../../../../shared/organisations/organisations.contract';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useSubmit } from '../../../lib/forms/use-submit';
import { licenseNotices, licenseQuestions, licenseTexts } from '../messages';

interface AddToOrganisationFormProps {
  license: LicenseRow;
  /** The organisations the caller owns or administers. */
  organisations: readonly Membership[];
  onClose: () => void;
}

/**
 * Add to organisation, inline: which of the organisations the caller manages the license goes to; Add
 * (asked first: its seat goes to the pool and its shares end) or Cancel. The organisation's seat screen
 * and this list read again.
 */
export function AddToOrganisationForm({ license, organisations, onClose }: AddToOrganisationFormProps) {
  const add = useCmdMutation(organisationSeatsContract, 'add_license_to_organisation', { invalidates: ['get_licenses', 'get_organisation_licenses'] });
  // With one organisation to choose from, it is chosen.
  const [choice, setChoice] = useState<string | null>(organisations.length === 1 ? String(organisations[0]!.organisation_id) : null);
  const chosen = organisations.find((organisation) => String(organisation.organisation_id) === choice);
  const submit = useSubmit((organisation: Membership) => add.mutateAsync({ license_id: license.id, organisation_id: organisation.organisation_id }), {
    confirm: (organisation) => licenseQuestions.addToOrganisation(license.id, organisation.name),
    success: (_added, organisation) => licenseNotices.addedToOrganisation(license.id, organisation.name),
    onSuccess: onClose,
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) void submit.run(chosen);
      }}
      noValidate
    >
      <Stack gap="xs">
        <Select
          label="Organisation"
          placeholder="Choose an organisation"
          data={organisations.map((organisation) => ({ value: String(organisation.organisation_id), label: organisation.name }))}
          value={choice}
          onChange={setChoice}
          allowDeselect={false}
          maw={280}
          data-autofocus
        />
        <Group gap="sm">
          <Button type="submit" loading={submit.pending} disabled={!chosen}>
            {licenseTexts.addToOrganisation}
          </Button>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
