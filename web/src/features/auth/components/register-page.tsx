import { Button, Checkbox, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { emptyRegistration, registerSchema } from '../../../../../shared/forms/account';
import { withNotice } from '../../../components/location-notice';
import { PageTitle } from '../../../components/page-title';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { paths, withQuery } from '../../../lib/routing/paths';
import { registerUser } from '../api/register';
import { signUpError } from '../errors';
import { authNotices } from '../notices';
import { AuthLinks } from './auth-links';
import { UsernameInput } from './username-input';


/**
 * Register: username, password, confirmation, email, names, company, terms and newsletter. Enabled once
 * every rule holds and the terms are accepted; then on to /verify with the username.
 */
export default function RegisterPage() {
  const navigate = useNavigate();
  const form = useSchemaForm(registerSchema, emptyRegistration, { quiet: ['terms'] });
  const register = useSubmit(registerUser, {
    failure: signUpError,
    onSuccess: ({ confirmed }, registration) => {
      if (confirmed) navigate(paths.signIn, withNotice(authNotices.registeredConfirmed));
      else navigate(withQuery(paths.verify, { username: registration.username }), withNotice(authNotices.registered));
    },
  });

  return (
    <form onSubmit={form.onSubmit(register.run)} noValidate>
      <PageTitle />
      <Stack gap="sm">
        <UsernameInput withAsterisk autoFocus {...form.getInputProps('username')} />
        <PasswordInput label="Password" autoComplete="new-password" withAsterisk {...form.getInputProps('password')} />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('confirmPassword')}
        />
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput label="First name" autoComplete="given-name" withAsterisk {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" withAsterisk {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Company" autoComplete="organization" {...form.getInputProps('company')} />
        <Checkbox mt="xs" label="I accept the terms and conditions" {...form.getInputProps('terms', { type: 'checkbox' })} />
        <Checkbox label="Subscribe to the newsletter" {...form.getInputProps('newsletter', { type: 'checkbox' })} />
        <Button type="submit" loading={register.pending} disabled={!form.isValid()} mt="xs">
          Create account
        </Button>
        <AuthLinks links={[[paths.signIn, 'Sign in'], [paths.verify, 'Verify account']]} mailbox />
      </Stack>
    </form>
  );
}
