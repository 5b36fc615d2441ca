import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import * as z from 'zod/mini';
import { codeMessages, redeemCodeSchema } from '../../../../../shared/commerce/codes';
import { licContract } from '../../../../../shared/contract/lic';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { licenseTexts } from '../messages';
import { useManagedOrganisations } from '../use-managed-organisations';

/** The code as typed, surrounding spaces dropped; the server compares codes without case, spaces or hyphens. */
const redeemFormSchema = z.object({ code: z.pipe(z.string().check(z.trim()), redeemCodeSchema) });

/** The For select's choice for the caller's own licenses (the cmd then takes no organisation). */
const MYSELF = 'myself';

/**
 * Redeem a license code: the code, whom it is for (themselves, or an organisation they own or administer,
 * offered only when they manage one) and Redeem (only with a code typed). The new license's confirmation
 * shows as a notification and the list reloads; a refused code shows the server's message in red.
 */
export function RedeemCodeForm() {
  const redeem = useCmdMutation(licContract, 'redeem_license_code', { invalidates: ['get_licenses', 'get_organisation_licenses'] });
  const organisations = useManagedOrganisations();
  const [redeemFor, setRedeemFor] = useState(MYSELF);
  // An organisation no longer managed (the list read again) is not sent: the code is the caller's then.
  const organisationId = organisations.find((organisation) => String(organisation.organisation_id) === redeemFor)?.organisation_id;
  // An empty field only keeps Redeem disabled: no message for it.
  const form = useSchemaForm(redeemFormSchema, { code: '' }, { quiet: ['code'] });
  const submit = useSubmit((values: z.output<typeof redeemFormSchema>) => redeem.mutateAsync({ ...values, organisation_id: organisationId }), {
    success: ({ license_id }) => codeMessages.redeemed(license_id),
    onSuccess: () => form.reset(),
  });

  return (
    <form onSubmit={form.onSubmit(submit.run)} noValidate>
      {/* With the For choice as well, the row wraps on a narrow screen rather than squeezing the code. */}
      <Group align="flex-end" gap="sm" wrap={organisations.length > 0 ? 'wrap' : 'nowrap'}>
        <TextInput
          label="License code"
          autoComplete="off"
          spellCheck={false}
          maw={320}
          style={{ flex: 1 }}
          {...form.getInputProps('code')}
        />
        {organisations.length > 0 && (
          <Select
            label={licenseTexts.redeemFor}
            data={[
              { value: MYSELF, label: licenseTexts.redeemForMyself },
              ...organisations.map((organisation) => ({ value: String(organisation.organisation_id), label: organisation.name })),
            ]}
            value={organisationId === undefined ? MYSELF : redeemFor}
            onChange={(value) => setRedeemFor(value ?? MYSELF)}
            allowDeselect={false}
            w={200}
          />
        )}
        <Button type="submit" loading={submit.pending} disabled={!form.isValid()}>
          Redeem
        </Button>
      </Group>
    </form>
  );
}
