import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { licContract, type LicenseRow, type Person } from '../../../../../shared/contract/lic';
import { shareLicenseFormSchema } from '../../../../../shared/forms/licenses';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { cmdKey, useCmdQuery } from '../../../api/cmd-query';
import { personText } from '../../../components/person';
import { askRecipient, RecipientEmailInput } from '../../../components/recipient';
import { UserIdInput, withUserIdRefusal } from '../../../components/user-id-input';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { licenseNotices, licenseQuestions, licenseTexts } from '../messages';
import { sharedPeople } from '../shared-people';

/**
 * Sharing and stopping both answer whom the license is now shared with: that answer is kept as the
 * license's shared users, and the license list reloads.
 */
function useSharingChange(cmd: 'share_license' | 'cancel_share_license') {
  const queryClient = useQueryClient();
  return useCmdMutation(licContract, cmd, {
    invalidates: ['get_licenses'],
    onSuccess: (result) => queryClient.setQueryData(cmdKey(licContract, 'get_license_shared_users', { license_id: result.license_id }), result),
  });
}

/** One user the license is shared with (their name and id), and the button that stops sharing with them. */
function SharedUser({ licenseId, person, canStop }: { licenseId: number; person: Person; canStop: boolean }) {
  const userId = person.id;
  const cancel = useSharingChange('cancel_share_license');
  const stop = useSubmit(() => cancel.mutateAsync({ license_id: licenseId, with_user_id: userId }), {
    success: () => licenseNotices.unshared(licenseId, userId),
  });
  return (
    <Group gap="sm" justify="space-between" wrap="nowrap">
      <Text size="sm">{personText({ id: userId, name: person.name, withId: true })}</Text>
      {canStop && (
        <Button
          size="compact-sm"
          variant="default"
          loading={stop.pending}
          onClick={() => void stop.run()}
          aria-label={`Stop sharing with user ${userId}${person.name ? ` (${person.name})` : ''}`}
        >
          Stop sharing
        </Button>
      )}
    </Group>
  );
}

/**
 * Share: the user id to share the license with and their email, Share (checked, then confirmed by name)
 * or Close; below, the users it is shared with, each with Stop sharing.
 */
export function ShareLicenseForm({ license, canStop, onClose }: { license: LicenseRow; canStop: boolean; onClose: () => void }) {
  const share = useSharingChange('share_license');
  // Read fresh when the form opens; until the answer comes, the users the license list gave (with their names).
  const known = sharedPeople({ user_ids: license.shared_users, users: license.shared_with });
  const sharedUsers = useCmdQuery(licContract, 'get_license_shared_users', { license_id: license.id }, {
    placeholderData: { license_id: license.id, user_ids: known.map(({ id }) => id), users: known },
  });
  const form = useSchemaForm(shareLicenseFormSchema, { with_user_id: '', email: '' });
  const submit = useSubmit(
    (values: z.output<typeof shareLicenseFormSchema>) =>
      withUserIdRefusal(
        () => share.mutateAsync({ license_id: license.id, with_user_id: values.with_user_id }),
        (message) => form.setFieldError('with_user_id', message),
      ),
    {
      // A share lets someone use the license: it names them first, once their id and email agree.
      confirm: async (values) =>
        licenseQuestions.share(license.id, await askRecipient(values.with_user_id, values.email, (message) => form.setFieldError('email', message))),
      success: (_shared, values) => licenseNotices.shared(license.id, values.with_user_id),
      onSuccess: () => form.reset(),
    },
  );
  const people = sharedPeople(sharedUsers.data);

  return (
    <Stack gap="sm">
      <form onSubmit={form.onSubmit(submit.run)} noValidate>
        <Stack gap="xs">
          <UserIdInput label="Share with user id" button="Share" autoFocus maw={280} {...form.getInputProps('with_user_id')} />
          <RecipientEmailInput maw={280} {...form.getInputProps('email')} />
          <Group gap="sm">
            <Button type="submit" loading={submit.pending} disabled={!form.isValid()}>
              Share
            </Button>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      </form>
      <div>
        <Text size="sm" fw={600} mb={4}>
          Shared with
        </Text>
        {people.length === 0 ? (
          <Text size="sm" c="dimmed">
            {licenseTexts.notShared}
          </Text>
        ) : (
          <Box component="ul" m={0} p={0} maw={360} style={{ listStyle: 'none' }}>
            {people.map((person) => (
              <Box component="li" key={person.id} py={3}>
                <SharedUser licenseId={license.id} person={person} canStop={canStop} />
              </Box>
            ))}
          </Box>
        )}
      </div>
    </Stack>
  );
}
