import { Group, Select, Stack, TextInput } from '@mantine/core';
import type * as z from 'zod/mini';
import type { AdminLicenseRow } from '../../../../../shared/contract/lic.admin';
import { DEFAULT_BATTERY_VALIDATION_CHANNELS } from '../../../../../shared/licenses/catalog';
import { ErrorBanner } from '../../../components/error-banner';
import { useNotice } from '../../../components/location-notice';
import { formatDay } from '../../../lib/dates';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { useLicenseChoices, useLicenseTypeName } from '../api/get-license-catalog';
import { useEditLicense } from '../api/license-changes';
import { addonsOf, editLicenseFormSchema, type EditLicenseFormValues } from '../forms';
import { adminLicenseNotices } from '../messages';
import { AddonFields } from './addon-fields';
import { DialogActions } from './dialog-actions';
import { ValidToInput } from './valid-to-input';

const initialValues = (license: AdminLicenseRow): EditLicenseFormValues => ({
  license_usage_id: String(license.license_usage_id),
  valid_to: license.valid_to ? formatDay(license.valid_to) : '',
  addons: license.addons.map((addon) => addon.id),
  channels: license.addons.find((addon) => addon.id === 'BatteryValidation')?.attributes.channels ?? DEFAULT_BATTERY_VALIDATION_CHANNELS,
});

/**
 * Edit (spec §5): type and valid from shown fixed; usage and valid to (empty: perpetual) editable; a
 * Pro license's add-ons AT, BT, BVT with BVT's channels. Save or Cancel.
 */
export function EditLicenseForm({ license, onClose }: { license: AdminLicenseRow; onClose: () => void }) {
  const notice = useNotice();
  const edit = useEditLicense();
  const choices = useLicenseChoices();
  const typeName = useLicenseTypeName();
  const form = useSchemaForm(editLicenseFormSchema, initialValues(license));
  const submit = useSubmit(
    (values: z.output<typeof editLicenseFormSchema>) =>
      edit.mutateAsync({
        license,
        edit: { license_usage_id: values.license_usage_id, valid_to: values.valid_to, addons: addonsOf(values) },
      }),
    {
      onSuccess: () => {
        notice.show(adminLicenseNotices.saved(license.id));
        onClose();
      },
    },
  );

  return (
    <form onSubmit={form.onSubmit(submit.run)} noValidate>
      <Stack gap="sm">
        <ErrorBanner />
        <Group grow align="flex-start">
          <TextInput label="License type" value={typeName(license.license_type_id)} readOnly variant="filled" />
          <TextInput label="Valid from" value={formatDay(license.valid_from)} readOnly variant="filled" />
        </Group>
        <Select
          label="License usage"
          data={choices.usages}
          allowDeselect={false}
          data-autofocus
          {...form.getInputProps('license_usage_id')}
        />
        <ValidToInput {...form.getInputProps('valid_to')} />
        {license.license_type_id === 'Pro' && (
          <AddonFields
            addonsProps={form.getInputProps('addons')}
            channelsProps={form.getInputProps('channels')}
            showChannels={form.values.addons.includes('BatteryValidation')}
          />
        )}
        <DialogActions label="Save" pending={submit.pending} valid={form.isValid()} onCancel={onClose} />
      </Stack>
    </form>
  );
}
