import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { clearError, setError } from '../../../lib/app-state';
import { withNotice } from '../../../components/location-notice';
import { PageTitle } from '../../../components/page-title';
import { changePassword } from '../api/change-password';
import { changePasswordError } from '../errors';
import { canChangePassword, changePasswordErrors } from '../form-rules';
import { authNotices } from '../notices';
import { useAccountForm } from '../use-account-form';

/** Change password (spec §2): old, new and confirmation; on success back to the profile with a confirmation. */
export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const form = useAccountForm({ oldPassword: '', password: '', confirmPassword: '' }, changePasswordErrors);
  const [pending, setPending] = useState(false);

  const submit = form.onSubmit(async (values) => {
    if (pending || !canChangePassword(values)) return;
    setPending(true);
    clearError();
    try {
      await changePassword(values.oldPassword, values.password);
      navigate('/profile', withNotice(authNotices.passwordChanged));
    } catch (error) {
      setError(changePasswordError(error));
      setPending(false);
    }
  });

  return (
    <>
      <PageTitle>Change password</PageTitle>
      <form onSubmit={submit} noValidate>
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
            <Button type="submit" loading={pending} disabled={!canChangePassword(form.values)}>
              Change password
            </Button>
            <Anchor component={Link} to="/profile" size="sm">
              Back to profile
            </Anchor>
          </Group>
        </Stack>
      </form>
    </>
  );
}
