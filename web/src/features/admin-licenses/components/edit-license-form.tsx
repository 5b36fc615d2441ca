import { Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type * as z from 'zod/mini';
import { catalogueItem, legacyUpgradePaths } from '../../../../../shared/commerce/catalogue';
import type { AdminLicenseRow } from '../../../../../shared/contract/lic.admin';
import { DEFAULT_BATTERY_VALIDATION_CHANNELS, licenseUsageName } from '../../../../../shared/licenses/catalog';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorBanner } from '../../../components/error-banner';
import { useLicenseChoices, useLicenseTypeName } from '../../../hooks/use-license-catalog';
import { addonsText } from '../../../lib/addons';
import { formatDay } from '../../../lib/dates';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { addonsOf, editLicenseFormSchema, type EditLicenseFormValues } from '../forms';
import { useEditLicense } from '../license-changes';
import { adminLicenseNotices, adminLicenseQuestions } from '../messages';
import { AddonFields } from './addon-fields';
import { ValidToInput } from './valid-to-input';

const initialValues = (license: AdminLicenseRow): EditLicenseFormValues => ({
  license_usage_id: String(license.license_usage_id),
  valid_to: license.valid_to ? formatDay(license.valid_to) : '',
  addons: license.addons.map((addon) => addon.id),
  channels: license.addons.find((addon) => addon.id === 'BatteryValidation')?.attributes.channels ?? DEFAULT_BATTERY_VALIDATION_CHANNELS,
});

/** The legacy upgrade select's choice for "no upgrade" (the cmd takes ''). */
const NO_UPGRADE = 'none';

/** Usages a legacy upgrade may follow: Commercial (1) and Standard (4). */
const UPGRADE_USAGES: readonly string[] = ['1', '4'];

/**
 * The legacy upgrade products a license of `type` may be marked with (All, Automation or
 * Battery), after None; none at all for other types.
 */
function legacyUpgradeChoices(type: AdminLicenseRow['license_type_id']) {
  const upgrades = legacyUpgradePaths(type);
  if (upgrades.length === 0) return [];
  return [{ value: NO_UPGRADE, label: 'None' }, ...upgrades.map((path) => ({ value: path, label: catalogueItem(path)?.licenseType ?? path }))];
}

/** The upgrade product the license is marked with ('' none), where the row carries it. */
const storedUpgrade = (license: Pick<AdminLicenseRow, 'id'> & { to_fastspring_product?: string | null }): string =>
  license.to_fastspring_product ?? '';

/** Today's calendar day, as licenses count their days (UTC). */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * What saving `values` takes away from `license`, as the question asked first (undefined: it takes
 * nothing away): a Pro license's add-on removed; Valid to earlier than stored (a perpetual license given
 * an end counts), and so perhaps already past; a change of usage (usages are kinds, none above another);
 * the legacy upgrade cleared (`upgrade`: the select's choice, where it shows).
 */
function editQuestion(license: AdminLicenseRow, values: z.output<typeof editLicenseFormSchema>, upgrade: string | undefined) {
  const questions = [];
  const kept = new Set(addonsOf(values).map((addon) => addon.id));
  const removed = license.license_type_id === 'Pro' ? license.addons.filter((addon) => !kept.has(addon.id)) : [];
  if (removed.length > 0) questions.push(adminLicenseQuestions.removeAddons(license.id, addonsText(removed)));
  const before = license.valid_to ? formatDay(license.valid_to) : null;
  if (values.valid_to !== '' && (before === null || values.valid_to < before)) {
    questions.push(adminLicenseQuestions.endEarlier(license.id, before, values.valid_to, values.valid_to < today()));
  }
  if (values.license_usage_id !== license.license_usage_id) {
    questions.push(adminLicenseQuestions.changeUsage(license.id, licenseUsageName(license.license_usage_id), licenseUsageName(values.license_usage_id)));
  }
  const stored = storedUpgrade(license);
  if (upgrade === NO_UPGRADE && stored !== '') {
    questions.push(adminLicenseQuestions.clearLegacyUpgrade(license.id, catalogueItem(stored)?.licenseType ?? stored));
  }
  if (questions.length <= 1) return questions[0];
  return adminLicenseQuestions.editTakesAway(license.id, questions);
}

/**
 * Edit: type and valid from shown fixed; usage and valid to (empty: perpetual) editable; a
 * Pro license's add-ons AT, BT, BVT with BVT's channels; for All, Automation or Battery with usage 1 or
 * 4, the legacy upgrade product its owner may buy. Save or Cancel.
 */
export function EditLicenseForm({ license, onClose }: { license: AdminLicenseRow; onClose: () => void }) {
  const edit = useEditLicense();
  const choices = useLicenseChoices();
  const typeName = useLicenseTypeName();
  const form = useSchemaForm(editLicenseFormSchema, initialValues(license));
  // Not a rule-bound field: kept beside the form, sent only where the select shows.
  const [upgrade, setUpgrade] = useState(storedUpgrade(license) || NO_UPGRADE);
  const upgradeChoices = legacyUpgradeChoices(license.license_type_id);
  const offersUpgrade = upgradeChoices.length > 0 && UPGRADE_USAGES.includes(form.values.license_usage_id);
  const submit = useSubmit(
    (values: z.output<typeof editLicenseFormSchema>) =>
      edit.mutateAsync({
        license,
        edit: {
          license_usage_id: values.license_usage_id,
          valid_to: values.valid_to,
          addons: addonsOf(values),
          legacyUpgrade: offersUpgrade ? { before: storedUpgrade(license), after: upgrade === NO_UPGRADE ? '' : upgrade } : undefined,
        },
      }),
    {
      // An edit that takes something away asks first, naming each thing it takes.
      confirm: (values) => editQuestion(license, values, offersUpgrade ? upgrade : undefined),
      success: () => adminLicenseNotices.saved(license.id),
      onSuccess: onClose,
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
        {offersUpgrade && (
          <Select
            label="Legacy upgrade product"
            description="What the owner may buy on Buy legacy licenses"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data={upgradeChoices}
            value={upgrade}
            onChange={(value) => setUpgrade(value ?? NO_UPGRADE)}
            allowDeselect={false}
          />
        )}
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
