import { Button, Group, TextInput } from '@mantine/core';
import * as z from 'zod/mini';
import { codeMessages, redeemCodeSchema } from '../../../../../shared/commerce/codes';
import { licContract } from '../../../../../shared/contract/lic';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';

/** The code as typed, surrounding spaces dropped; the server compares codes without case, spaces or hyphens. */
const redeemFormSchema = z.object({ code: z.pipe(z.string().check(z.trim()), redeemCodeSchema) });

/**
 * Redeem a license code: the code and Redeem (only with a code typed). The new license's confirmation
 * shows as a notification and the list reloads; a refused code shows the server's message in red.
 */
export function RedeemCodeForm() {
  const redeem = useCmdMutation(licContract, 'redeem_license_code', { invalidates: ['get_licenses'] });
  // An empty field only keeps Redeem disabled: no message for it.
  const form = useSchemaForm(redeemFormSchema, { code: '' }, { quiet: ['code'] });
  const submit = useSubmit((values: z.output<typeof redeemFormSchema>) => redeem.mutateAsync(values), {
    success: ({ license_id }) => codeMessages.redeemed(license_id),
    onSuccess: () => form.reset(),
  });

  return (
    <form onSubmit={form.onSubmit(submit.run)} noValidate>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="License code"
          autoComplete="off"
          spellCheck={false}
          maw={320}
          style={{ flex: 1 }}
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={submit.pending} disabled={!form.isValid()}>
          Redeem
        </Button>
      </Group>
    </form>
  );
}
