import { Group, NumberInput, Select, Stack } from '@mantine/core';
import { addYears } from 'date-fns';
import type * as z from 'zod/mini';
import { DEFAULT_BATTERY_VALIDATION_CHANNELS, DEFAULT_LICENSE_USAGE_ID } from '../../../../../shared/licenses/catalog';
import { MAX_FLOATING_SEATS } from '../../../../../shared/licenses/seat';
import { DateField } from '../../../components/date-field';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorBanner } from '../../../components/error-banner';
import { useLicenseChoices } from '../../../hooks/use-license-catalog';
import { formatDate } from '../../../lib/dates';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { addonsOf, newLicenseFormSchema, type NewLicenseFormValues } from '../forms';
import { useCreateLicense } from '../license-changes';
import { adminLicenseNotices, adminLicenseTexts } from '../messages';
import { AddonFields } from './addon-fields';
import { ValidToInput } from './valid-to-input';

/** A new license's defaults: Automation, usage 4, from today to one year later, one seat, BVT with 4 channels. */
function defaults(today = new Date()): NewLicenseFormValues {
  return {
    license_type_id: 'Automation',
    license_usage_id: String(DEFAULT_LICENSE_USAGE_ID),
    valid_from: formatDate(today),
    valid_to: formatDate(addYears(today, 1)),
    seats: '',
    addons: [],
    channels: DEFAULT_BATTERY_VALIDATION_CHANNELS,
  };
}

/**
 * Add new license for a user: type, usage, valid from, valid to (empty: perpetual), seats (empty: one; 2
 * or more: floating, sent as `seats` only then); a Pro license's add-ons.
 */
export function AddLicenseForm({ userId, onClose }: { userId: number; onClose: () => void }) {
  const create = useCreateLicense();
  const choices = useLicenseChoices();
  const form = useSchemaForm(newLicenseFormSchema, defaults());
  const submit = useSubmit(
    ({ addons, channels, seats, ...values }: z.output<typeof newLicenseFormSchema>) =>
      create.mutateAsync({ user_id: userId, ...values, ...(seats === undefined ? {} : { seats }), addons: addonsOf({ addons, channels }) }),
    {
      success: (created) => adminLicenseNotices.added(created.license_id),
      onSuccess: onClose,
    },
  );

  return (
    <form onSubmit={form.onSubmit(submit.run)} noValidate>
      <Stack gap="sm">
        <ErrorBanner />
        <Select
          label="License type"
          data={choices.types}
          allowDeselect={false}
          data-autofocus
          {...form.getInputProps('license_type_id')}
        />
        <Select label="License usage" data={choices.usages} allowDeselect={false} {...form.getInputProps('license_usage_id')} />
        <Group grow align="flex-start">
          <DateField label="Valid from" {...form.getInputProps('valid_from')} />
          <ValidToInput {...form.getInputProps('valid_to')} />
        </Group>
        <NumberInput
          label="Seats"
          description={adminLicenseTexts.seatsHint}
          placeholder="1"
          min={2}
          max={MAX_FLOATING_SEATS}
          // Out of range is said, not changed: 1 clamped to 2 would make a floating license nobody asked for.
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          maw={360}
          {...form.getInputProps('seats')}
        />
        {form.values.license_type_id === 'Pro' && (
          <AddonFields
            addonsProps={form.getInputProps('addons')}
            channelsProps={form.getInputProps('channels')}
            showChannels={form.values.addons.includes('BatteryValidation')}
          />
        )}
        <DialogActions label="Add license" pending={submit.pending} valid={form.isValid()} onCancel={onClose} />
      </Stack>
    </form>
  );
}
