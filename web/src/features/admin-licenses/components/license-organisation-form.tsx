import { Stack, TextInput } from '@mantine/core';
import type * as z from 'zod/mini';
import type { AdminLicenseRow } from '../../../../../shared/contract/lic.admin';
import { organisationSeatsAdminContract } from '../../../../../shared/organisations/organisation-seats.admin';
import { organisationsContract } from '../../../../../shared/organisations/organisations.contract';
import { call } from '../../../api/client';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorBanner } from '../../../components/error-banner';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { licenseOrganisationFormSchema } from '../forms';
import { adminLicenseNotices, adminLicenseQuestions, adminLicenseTexts } from '../messages';

type Values = z.output<typeof licenseOrganisationFormSchema>;

/**
 * Organisation: the id of the organisation the license goes into, or empty to take it out of any; Save
 * asks first, naming the organisation as the server holds it (an unknown id stops there, in the dialog).
 * The license lists, the organisations' seat screens and their histories read again.
 */
export function LicenseOrganisationForm({ license, onClose }: { license: AdminLicenseRow; onClose: () => void }) {
  const setOrganisation = useCmdMutation(organisationSeatsAdminContract, 'set_license_organisation', {
    invalidates: ['get_all_licenses', 'get_organisation_licenses', 'get_organisation_history'],
  });
  const form = useSchemaForm(licenseOrganisationFormSchema, { organisation_id: '' });
  const submit = useSubmit((values: Values) => setOrganisation.mutateAsync({ license_id: license.id, organisation_id: values.organisation_id }), {
    confirm: async (values) =>
      values.organisation_id === null
        ? adminLicenseQuestions.clearOrganisation(license.id)
        : adminLicenseQuestions.setOrganisation(license.id, await organisationName(values.organisation_id), values.organisation_id),
    success: (changed) =>
      changed.organisation_id === null
        ? adminLicenseNotices.organisationCleared(changed.license_id)
        : adminLicenseNotices.organisationSet(changed.license_id, changed.organisation_id),
    onSuccess: onClose,
  });
  return (
    <form onSubmit={form.onSubmit(submit.run)} noValidate>
      <Stack gap="sm">
        <ErrorBanner />
        <TextInput
          label="Organisation id"
          description={adminLicenseTexts.organisationIdHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('organisation_id')}
        />
        <DialogActions label="Save" pending={submit.pending} valid={form.isValid()} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** The organisation's name as the server holds it (a portal admin reads any organisation; one page of members, not all). */
const organisationName = async (organisationId: number) => (await call(organisationsContract, 'get_organisation', { organisation_id: organisationId, page: 1 })).name;
