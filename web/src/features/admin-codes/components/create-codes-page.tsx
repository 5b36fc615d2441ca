import { Anchor, Button, Group, NumberInput, Radio, Select, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { DURATION_UNITS, MAX_CODE_COUNT, MAX_DURATION } from '../../../../../shared/commerce/codes';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { userContract } from '../../../../../shared/contract/user';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useCmdQuery } from '../../../api/cmd-query';
import { DateField } from '../../../components/date-field';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { useLicenseChoices } from '../../../hooks/use-license-catalog';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { paths } from '../../../lib/routing/paths';
import { codeFormDefaults, codeFormSchema, createCodesParams, MAX_DESCRIPTION, type CodeFormOutput } from '../code-form';
import { licenseCodeTexts } from '../messages';
import { GeneratedCodes } from './generated-codes';

function CodeForm({ description }: { description: string }) {
  const create = useCmdMutation(licAdminContract, 'create_license_codes', { invalidates: ['get_license_codes'] });
  const choices = useLicenseChoices();
  const form = useSchemaForm(codeFormSchema, codeFormDefaults(description));
  const submit = useSubmit((values: CodeFormOutput) => create.mutateAsync(createCodesParams(values)));
  const single = form.values.kind === 'single';
  const plural = form.values.amount === 1 ? '' : 's';

  return (
    <Stack gap="xl">
      <form onSubmit={form.onSubmit(submit.run)} noValidate>
        <Stack gap="sm" maw={520}>
          <Group grow align="flex-start">
            <Select label="License type" data={choices.types} allowDeselect={false} {...form.getInputProps('license_type_id')} />
            <Select label="License usage" data={choices.usages} allowDeselect={false} {...form.getInputProps('license_usage_id')} />
          </Group>
          <Radio.Group label="Redemption" {...form.getInputProps('kind')}>
            <Group gap="lg" mt={6}>
              <Radio value="single" label="Single use" />
              <Radio value="campaign" label="Unlimited (campaign)" />
            </Group>
          </Radio.Group>
          {single ? (
            <>
              <Group grow align="flex-start">
                <NumberInput
                  label="Duration"
                  description="Of each license"
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  min={1}
                  max={MAX_DURATION}
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps('amount')}
                />
                <Select
                  label="Unit"
                  data={DURATION_UNITS.map(({ unit, label }) => ({ value: unit, label: `${label}${plural}` }))}
                  allowDeselect={false}
                  {...form.getInputProps('unit')}
                />
              </Group>
              <NumberInput
                label="Count"
                description="How many codes"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                min={1}
                max={MAX_CODE_COUNT}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('count')}
              />
            </>
          ) : (
            <>
              <TextInput
                label="Campaign code"
                description="What every user types to redeem it, once each"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                autoComplete="off"
                {...form.getInputProps('code')}
              />
              <Group grow align="flex-start">
                <DateField label="Valid from" {...form.getInputProps('valid_from')} />
                <DateField label="Valid to" {...form.getInputProps('valid_to')} />
              </Group>
            </>
          )}
          <TextInput label="Description" maxLength={MAX_DESCRIPTION} autoComplete="off" {...form.getInputProps('description')} />
          <Group justify="space-between" mt="xs">
            <Button type="submit" loading={submit.pending} disabled={!form.isValid()}>
              Generate
            </Button>
            <Anchor component={Link} to={paths.listCodes} size="sm">
              {licenseCodeTexts.toList}
            </Anchor>
          </Group>
        </Stack>
      </form>
      {create.data && <GeneratedCodes codes={create.data.codes} />}
    </Stack>
  );
}

/**
 * License code generator (admin): type and usage; single-use codes (duration and count) or one
 * unlimited campaign code (its text and window); a description, at first the admin's company. Generate
 * shows the new codes with Copy to clipboard and a link to the list.
 */
export default function CreateCodesPage() {
  const profile = useCmdQuery(userContract, 'get_user_profile', {});
  return (
    <>
      <PageTitle />
      {/* The form starts from the profile's company: it waits for the profile (a failed load starts it empty). */}
      {profile.isPending ? <PageLoader /> : <CodeForm description={profile.data?.company ?? ''} />}
    </>
  );
}
