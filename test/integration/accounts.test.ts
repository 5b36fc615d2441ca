import {
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import type { LocalMail } from '../../functions/lib/adapters/local-outbox';
import { callApi, signIn, signUp as signUpUser, stackContext, uniqueIdentity } from '../support/api';

/**
 * The account life cycle as the SPA drives it against the identity provider, with the error names the
 * SPA's error catalogue (web/src/features/auth/errors.ts) maps to messages.
 */
const { baseUrl, localStack, cognito } = stackContext();
const ClientId = localStack.resources.userPoolClientId;
const newestCodeFor = async (email: string) =>
  ((await (await fetch(`${baseUrl}/local/mailbox.json`)).json()) as LocalMail[]).find((mail) => mail.to === email)?.code;
const fresh = () => uniqueIdentity('acct');
const signUp = (username: string, email: string) =>
  signUpUser({ username, email }, { first_name: 'Ann', last_name: 'Account', company: 'Acme' });
const errorName = (promise: Promise<unknown>) => promise.then(() => 'no error', (error: Error) => error.name);

describe('sign-up, verification and sign-in', () => {
  it('mails a code, refuses sign-in until verified, verifies with the newest code, then signs in', async () => {
    const { username, email } = fresh();
    await signUp(username, email);
    const first = await newestCodeFor(email);
    expect(first).toMatch(/^\d{6}$/);
    expect(await errorName(signIn(username, 'Passw0rdX'))).toBe('UserNotConfirmedException');

    await cognito.send(new ResendConfirmationCodeCommand({ ClientId, Username: username }));
    const second = await newestCodeFor(email);
    expect(second).toMatch(/^\d{6}$/);
    const wrong = second === '000000' ? '111111' : '000000';
    expect(await errorName(cognito.send(new ConfirmSignUpCommand({ ClientId, Username: username, ConfirmationCode: wrong })))).toBe(
      'CodeMismatchException',
    );
    await cognito.send(new ConfirmSignUpCommand({ ClientId, Username: username, ConfirmationCode: second }));

    const { accessToken } = await signIn(username, 'Passw0rdX');
    const profile = await callApi('user', { cmd: 'get_user_profile' }, accessToken);
    expect(profile.body.data).toMatchObject({ username, email, first_name: 'Ann', last_name: 'Account', company: 'Acme' });
  });

  it('names the errors the verify screen maps: unknown user, already confirmed', async () => {
    expect(await errorName(cognito.send(new ConfirmSignUpCommand({ ClientId, Username: 'nobody-here', ConfirmationCode: '123456' })))).toBe(
      'UserNotFoundException',
    );
    const { username, email } = fresh();
    await signUp(username, email);
    await cognito.send(new ConfirmSignUpCommand({ ClientId, Username: username, ConfirmationCode: await newestCodeFor(email) }));
    expect(await errorName(cognito.send(new ConfirmSignUpCommand({ ClientId, Username: username, ConfirmationCode: '123456' })))).toBe(
      'NotAuthorizedException',
    );
    expect(await errorName(cognito.send(new ResendConfirmationCodeCommand({ ClientId, Username: username })))).toBe(
      'InvalidParameterException',
    );
  });

  it('refuses a taken username and a wrong password with the names the sign-up and sign-in screens map', async () => {
    expect(await errorName(signUp('demo', `${fresh().email}`))).toBe('UsernameExistsException');
    expect(
      await errorName(
        cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: 'demo', PASSWORD: 'Wrong1234' } })),
      ),
    ).toBe('NotAuthorizedException');
  });
});

describe('password change', () => {
  it('changes the password with the old one, and names a wrong old one NotAuthorizedException', async () => {
    const { username, email } = fresh();
    await signUp(username, email);
    await cognito.send(new ConfirmSignUpCommand({ ClientId, Username: username, ConfirmationCode: await newestCodeFor(email) }));
    const { accessToken } = await signIn(username, 'Passw0rdX');
    expect(
      await errorName(cognito.send(new ChangePasswordCommand({ AccessToken: accessToken, PreviousPassword: 'Wrong1234', ProposedPassword: 'N3wPassword' }))),
    ).toBe('NotAuthorizedException');
    await cognito.send(new ChangePasswordCommand({ AccessToken: accessToken, PreviousPassword: 'Passw0rdX', ProposedPassword: 'N3wPassword' }));
    await expect(signIn(username, 'N3wPassword')).resolves.toHaveProperty('accessToken');
  });
});

describe('password recovery', () => {
  it('mails a reset code and sets the new password with it', async () => {
    const { username, email } = fresh();
    await signUp(username, email);
    await cognito.send(new ConfirmSignUpCommand({ ClientId, Username: username, ConfirmationCode: await newestCodeFor(email) }));

    await cognito.send(new ForgotPasswordCommand({ ClientId, Username: username }));
    const mails = (await (await fetch(`${baseUrl}/local/mailbox.json`)).json()) as LocalMail[];
    const reset = mails.find((mail) => mail.to === email)!;
    expect(reset.subject).toBe('Reset your password');
    await cognito.send(new ConfirmForgotPasswordCommand({ ClientId, Username: username, ConfirmationCode: reset.code, Password: 'N3wPassword' }));

    expect(await errorName(signIn(username, 'Passw0rdX'))).toBe('NotAuthorizedException');
    await expect(signIn(username, 'N3wPassword')).resolves.toHaveProperty('accessToken');
  });

  it('names an unknown user as the recover screen maps it', async () => {
    expect(await errorName(cognito.send(new ForgotPasswordCommand({ ClientId, Username: 'no-such-user-x' })))).toBe('UserNotFoundException');
  });
});
