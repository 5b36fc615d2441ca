import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { userContract, type UserProfile } from '../../../../../shared/contract/user';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { useUserProfile } from '../api/get-user-profile';
import { useUpdateUserProfile } from '../api/update-user-profile';
import { profileMessages } from '../messages';

/** The form validates with the very schema the server parses the cmd's params with (style §1). */
const validate = schemaResolver(userContract.cmds.update_user_profile.params, { sync: true });

type Status = { ok: boolean; message: string } | null;

function ProfileForm({ profile }: { profile: UserProfile }) {
  const update = useUpdateUserProfile();
  const [status, setStatus] = useState<Status>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { first_name: profile.first_name, last_name: profile.last_name, company: profile.company },
    validate,
    validateInputOnChange: true,
    onValuesChange: () => setStatus(null),
  });

  const submit = form.onSubmit((values) => {
    setStatus(null);
    update.mutate(values, {
      onSuccess: (saved) => {
        const stored = { first_name: saved.first_name, last_name: saved.last_name, company: saved.company };
        form.setInitialValues(stored);
        form.setValues(stored);
        setStatus({ ok: true, message: profileMessages.updated });
      },
      onError: () => setStatus({ ok: false, message: profileMessages.failed }),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={480}>
        <TextInput label="Username" value={profile.username} readOnly variant="filled" />
        <TextInput label="Email" value={profile.email} readOnly variant="filled" />
        <TextInput label="First name" autoComplete="given-name" withAsterisk {...form.getInputProps('first_name')} />
        <TextInput label="Last name" autoComplete="family-name" withAsterisk {...form.getInputProps('last_name')} />
        <TextInput label="Company" autoComplete="organization" {...form.getInputProps('company')} />
        <Group mt="xs">
          <Button type="submit" loading={update.isPending} disabled={!form.isValid()}>
            Save
          </Button>
          {status && (
            <Text role={status.ok ? 'status' : 'alert'} c={status.ok ? 'teal' : 'red'} size="sm">
              {status.message}
            </Text>
          )}
        </Group>
        <Group gap="lg" mt="md">
          <Anchor component={Link} to="/changepassword" size="sm">
            Change password
          </Anchor>
          <Anchor component={Link} to="/deleteaccount" size="sm">
            Delete account
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

/** Profile (spec §2): username and email read-only; first name, last name and company editable. */
export function ProfilePage() {
  const profile = useUserProfile();
  return (
    <>
      <PageTitle>Profile</PageTitle>
      {profile.data ? <ProfileForm profile={profile.data} /> : profile.isPending ? <PageLoader /> : null}
    </>
  );
}

export default ProfilePage;
