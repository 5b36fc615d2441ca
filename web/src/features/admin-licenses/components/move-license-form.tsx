import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type * as z from 'zod/mini';
import type { AdminLicenseRow } from '../../../../../shared/contract/lic.admin';
import { moveLicenseFormSchema } from '../../../../../shared/forms/licenses';
import { ErrorBanner } from '../../../components/error-banner';
import { useNotice } from '../../../components/location-notice';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { useMoveLicense } from '../api/license-changes';
import { adminLicenseNotices } from '../messages';

/** Move: the user id the license goes to; Move (only with a user filled in) or Cancel. */
export function MoveLicenseForm({ license, onClose }: { license: AdminLicenseRow; onClose: () => void }) {
  const notice = useNotice();
  const move = useMoveLicense();
  const form = useSchemaForm(moveLicenseFormSchema, { to_user_id: '' });
  const submit = useSubmit(
    (values: z.output<typeof moveLicenseFormSchema>) => move.mutateAsync({ license_id: license.id, ...values }),
    {
      onSuccess: (moved) => {
        notice.show(adminLicenseNotices.moved(moved.license_id, moved.user_id));
        onClose();
      },
    },
  );
  const userField = form.getInputProps('to_user_id');
  // An empty field shows no message: it only keeps Move disabled.
  const blank = form.values.to_user_id.trim() === '';

  return (
    <form onSubmit={form.onSubmit(submit.run)} noValidate>
      <Stack gap="sm">
        <ErrorBanner />
        <Text size="sm">
          Now with user {license.user_id}
          {license.user ? ` (${license.user})` : ''}.
        </Text>
        <TextInput
          label="Move to user id"
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
          {...userField}
          error={blank ? undefined : userField.error}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={submit.pending} disabled={!form.isValid()}>
            Move
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
