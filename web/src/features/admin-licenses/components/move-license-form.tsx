import { Stack, Text } from '@mantine/core';
import type * as z from 'zod/mini';
import { licContract } from '../../../../../shared/contract/lic';
import type { AdminLicenseRow } from '../../../../../shared/contract/lic.admin';
import { moveLicenseFormSchema } from '../../../../../shared/forms/licenses';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { DialogActions } from '../../../components/dialog-actions';
import { ErrorBanner } from '../../../components/error-banner';
import { askRecipient, RecipientEmailInput } from '../../../components/recipient';
import { UserIdInput, withUserIdRefusal } from '../../../components/user-id-input';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { adminLicenseNotices, adminLicenseQuestions, adminLicenseTexts } from '../messages';

/** Move: the user id the license goes to and their email; Move (checked, then confirmed by name) or Cancel. */
export function MoveLicenseForm({ license, onClose }: { license: AdminLicenseRow; onClose: () => void }) {
  // A move also adds a user action to both users' details.
  const move = useCmdMutation(licContract, 'move_license', { invalidates: ['get_all_licenses', 'get_user_information'] });
  const form = useSchemaForm(moveLicenseFormSchema, { to_user_id: '', email: '' });
  const submit = useSubmit(
    (values: z.output<typeof moveLicenseFormSchema>) =>
      withUserIdRefusal(
        () => move.mutateAsync({ license_id: license.id, to_user_id: values.to_user_id }),
        (message) => form.setFieldError('to_user_id', message),
      ),
    {
      // Support types the recipient's email too: a slip in the id stops at the check, never at a stranger.
      confirm: async (values) =>
        adminLicenseQuestions.move(
          license.id,
          license.user_id,
          await askRecipient(values.to_user_id, values.email, (message) => form.setFieldError('email', message)),
          license.user,
        ),
      success: (moved) => adminLicenseNotices.moved(moved.license_id, moved.user_id),
      onSuccess: onClose,
    },
  );

  return (
    <form onSubmit={form.onSubmit(submit.run)} noValidate>
      <Stack gap="sm">
        <ErrorBanner />
        <Text size="sm">
          Now with user {license.user_id}
          {license.user ? ` (${license.user})` : ''}.
        </Text>
        <UserIdInput label="Move to user id" button="Move" description={adminLicenseTexts.moveUserIdHint} data-autofocus {...form.getInputProps('to_user_id')} />
        <RecipientEmailInput {...form.getInputProps('email')} />
        <DialogActions label="Move" pending={submit.pending} valid={form.isValid()} onCancel={onClose} />
      </Stack>
    </form>
  );
}
