import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { authenticatorCodeFormSchema } from '../../../../../shared/authenticator';
import { signInSchema, type SignInValues } from '../../../../../shared/forms/account';
import { PageTitle } from '../../../components/page-title';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { paths } from '../../../lib/routing/paths';
import { preloadCognito } from '../../../session/session';
import { answerAuthenticator, signInUser, type AuthenticatorChallenge } from '../api/sign-in';
import { authenticatorSignInError, signInError } from '../errors';
import { AuthLinks } from './auth-links';
import { UsernameInput } from './username-input';

/** The second step for an account with an authenticator: the code the app shows now. */
function AuthenticatorStep({ challenge, onRestart }: { challenge: AuthenticatorChallenge; onRestart: () => void }) {
  const form = useSchemaForm(authenticatorCodeFormSchema, { code: '' }, { quiet: ['code'] });
  const verify = useSubmit(({ code }: { code: string }) => answerAuthenticator(challenge, code), {
    failure: (error) => {
      const { message, restart } = authenticatorSignInError(error);
      // Cognito no longer takes this sign-in's session: back to the password.
      if (restart) onRestart();
      return message;
    },
  });

  return (
    <form onSubmit={form.onSubmit(verify.run)} noValidate>
      <PageTitle />
      <Stack gap="sm">
        <Text size="sm">Enter the code your authenticator app shows for this account.</Text>
        <TextInput
          label="Authentication code"
          autoFocus
          inputMode="numeric"
          autoComplete="one-time-code"
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={verify.pending} disabled={!form.isValid()} mt="xs">
          Verify
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}

/**
 * Sign in: username and password, links to create an account, verify one and recover a password; then,
 * for an account with an authenticator, its code. Once signed in, the signed-in routes take over /signin
 * and go on to `redirect` or /profile.
 */
export function SignInPage() {
  const form = useSchemaForm(signInSchema, { username: '', password: '' }, { quiet: ['username', 'password'] });
  const [challenge, setChallenge] = useState<AuthenticatorChallenge | null>(null);
  const signIn = useSubmit(({ username, password }: SignInValues) => signInUser(username, password), {
    failure: signInError,
    onSuccess: (next) => setChallenge(next),
  });

  if (challenge) {
    return (
      <AuthenticatorStep
        challenge={challenge}
        onRestart={() => {
          setChallenge(null);
          form.setFieldValue('password', '');
        }}
      />
    );
  }
  return (
    // The identity provider module (the AWS SDK, a third of the route's JavaScript) starts loading with the
    // first keystroke, tap or autofill, not with the page: the page itself paints and settles sooner, and
    // the module is here by the time the form is filled in.
    <form onSubmit={form.onSubmit(signIn.run)} onInput={preloadCognito} onPointerDown={preloadCognito} noValidate>
      <PageTitle />
      <Stack gap="sm">
        <UsernameInput autoFocus {...form.getInputProps('username')} />
        <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
        <Button type="submit" loading={signIn.pending} disabled={!form.isValid()} mt="xs">
          Sign in
        </Button>
        <AuthLinks
          links={[
            [paths.register, 'Create account'],
            [paths.verify, 'Verify account'],
            [paths.forgotPassword, 'Forgot password?'],
          ]}
        />
      </Stack>
    </form>
  );
}
