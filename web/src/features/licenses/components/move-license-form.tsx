import { Button, Group, Stack } from '@mantine/core';
import type * as z from 'zod/mini';
import type { LicenseRow } from '../../../../../shared/contract/lic';
import { moveLicenseFormSchema } from '../../../../../shared/forms/licenses';
import { useNotice } from '../../../components/location-notice';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { useMoveLicense } from '../api/move-license';
import { licenseNotices } from '../messages';
import { UserIdInput } from '../../../components/user-id-input';

/** Move: the user id the license goes to; Move (only with a user filled in) or Cancel. */
export function MoveLicenseForm({ license, onClose }: { license: LicenseRow; onClose: () => void }) {
  const notice = useNotice();
  const move = useMoveLicense();
  const form = useSchemaForm(moveLicenseFormSchema, { to_user_id: '' });
  const submit = useSubmit(
    (values: z.output<typeof moveLicenseFormSchema>) => move.mutateAsync({ license_id: license.id, ...values }),
    {
      onSuccess: (moved) => {
        notice.show(licenseNotices.moved(moved.license_id, moved.user_id));
        onClose();
      },
    },
  );

  return (
    <form onSubmit={form.onSubmit(submit.run)} noValidate>
      <Stack gap="xs">
        <UserIdInput label="Move to user id" autoFocus maw={280} {...form.getInputProps('to_user_id')} />
        <Group gap="sm">
          <Button type="submit" loading={submit.pending} disabled={!form.isValid()}>
            Move
          </Button>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
