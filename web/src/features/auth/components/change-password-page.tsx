import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { changePasswordSchema } from '../../../../../shared/forms/account';
import { withNotice } from '../../../components/location-notice';
import { PageTitle } from '../../../components/page-title';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { paths } from '../../../lib/routing/paths';
import { changePassword } from '../api/change-password';
import { changePasswordError } from '../errors';
import { authNotices } from '../notices';

/** Change password: old, new and confirmation; on success back to the profile with a confirmation. */
export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const form = useSchemaForm(
    changePasswordSchema,
    { oldPassword: '', password: '', confirmPassword: '' },
    { quiet: ['oldPassword'] },
  );
  const change = useSubmit(changePassword, {
    failure: changePasswordError,
    onSuccess: () => navigate(paths.profile, withNotice(authNotices.passwordChanged)),
  });

  return (
    <>
      <PageTitle />
      <form onSubmit={form.onSubmit(change.run)} noValidate>
        <Stack gap="sm" maw={480}>
          <PasswordInput
            label="Old password"
            autoComplete="current-password"
            withAsterisk
            autoFocus
            {...form.getInputProps('oldPassword')}
          />
          <PasswordInput label="New password" autoComplete="new-password" withAsterisk {...form.getInputProps('password')} />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmPassword')}
          />
          <Group mt="xs">
            <Button type="submit" loading={change.pending} disabled={!form.isValid()}>
              Change password
            </Button>
            <Anchor component={Link} to={paths.profile} size="sm">
              Back to profile
            </Anchor>
          </Group>
        </Stack>
      </form>
    </>
  );
}
