import { Anchor, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { type CmdInput } from '../../../../../shared/contract/define';
import { userContract, type UserProfile } from '../../../../../shared/contract/user';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useCmdQuery } from '../../../api/cmd-query';
import { OwnUserId } from '../../../components/own-user-id';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { paths } from '../../../lib/routing/paths';
import { profileMessages } from '../messages';

const editable = (profile: UserProfile) => ({
  first_name: profile.first_name,
  last_name: profile.last_name,
  company: profile.company,
  expiry_notices: profile.expiry_notices,
});

function ProfileForm({ profile }: { profile: UserProfile }) {
  const update = useCmdMutation(userContract, 'update_user_profile', { invalidates: ['get_user_profile'] });
  // The form validates with the very schema the server parses the cmd's params with.
  const form = useSchemaForm(userContract.cmds.update_user_profile.params, editable(profile));
  const save = useSubmit((values: CmdInput<typeof userContract, 'update_user_profile'>) => update.mutateAsync(values), {
    success: () => profileMessages.updated,
    onSuccess: (saved) => {
      form.setInitialValues(editable(saved));
      form.setValues(editable(saved));
    },
  });

  return (
    <form onSubmit={form.onSubmit(save.run)} noValidate>
      <Stack gap="sm" maw={480}>
        <OwnUserId id={profile.id} />
        <TextInput label="Username" value={profile.username} readOnly variant="filled" />
        <TextInput label="Email" value={profile.email} readOnly variant="filled" />
        <TextInput label="First name" autoComplete="given-name" withAsterisk {...form.getInputProps('first_name')} />
        <TextInput label="Last name" autoComplete="family-name" withAsterisk {...form.getInputProps('last_name')} />
        <TextInput label="Company" autoComplete="organization" {...form.getInputProps('company')} />
        <Checkbox
          label="Mail me before a license ends"
          description="30, 7 and 1 days before, with a link to your licenses"
          {...form.getInputProps('expiry_notices', { type: 'checkbox' })}
        />
        <Group mt="xs">
          <Button type="submit" loading={save.pending} disabled={!form.isValid()}>
            Save
          </Button>
        </Group>
        <Group gap="lg" mt="md">
          <Anchor component={Link} to={paths.changePassword} size="sm">
            Change password
          </Anchor>
          <Anchor component={Link} to={paths.authenticator} size="sm">
            Two-factor sign-in
          </Anchor>
          <Anchor component={Link} to={paths.deleteAccount} size="sm">
            Delete account
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Profile: the user's own id (to copy and give to a colleague), username and email read-only; first name,
 * last name and company editable; beyond the spec, whether the user is mailed before a license ends.
 */
export default function ProfilePage() {
  const profile = useCmdQuery(userContract, 'get_user_profile', {});
  return (
    <>
      <PageTitle />
      {profile.data ? <ProfileForm profile={profile.data} /> : profile.isPending ? <PageLoader /> : null}
    </>
  );
}
