import { AdminDeleteUserCommand, UpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { callApi, createConfirmedUser, signUp as signUpUser, stackContext } from '../support/api';

const { cognito, localStack } = stackContext();

const signUp = (username: string, email: string, attributes: Parameters<typeof signUpUser>[1] = {}) =>
  signUpUser({ username, email }, attributes);

const unique = () => `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

describe('the pre-signup trigger, through cognito-local', () => {
  it('refuses an email that another account uses, whatever its letter case', async () => {
    const existing = await createConfirmedUser();
    for (const email of [existing.email, existing.email.toUpperCase(), ` ${existing.email} `]) {
      await expect(signUp(unique(), email)).rejects.toMatchObject({
        name: 'UserLambdaValidationException',
        message: expect.stringContaining('Email already exists'),
      });
    }
  });

  it('lets a new email through', async () => {
    const name = unique();
    await expect(signUp(name, `${name}@example.com`)).resolves.toMatchObject({ UserConfirmed: false });
  });

  it('lets exactly one of two simultaneous sign-ups with the same new email through', async () => {
    const email = `${unique()}@example.com`;
    const results = await Promise.allSettled([signUp(unique(), email), signUp(unique(), email)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.name).toBe('UserLambdaValidationException');
  });

  it('frees the email of an account that no longer exists', async () => {
    const first = unique();
    const email = `${first}@example.com`;
    await signUp(first, email);
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: localStack.resources.userPoolId, Username: first }));
    await expect(signUp(unique(), email)).resolves.toBeDefined();
  });

  it('refuses a name or company the profile would refuse, in the register form’s words, and keeps the email free', async () => {
    const name = unique();
    const email = `${name}@example.com`;
    for (const [attributes, message] of [
      [{ first_name: 'Dana\u202eevil' }, 'First name must not contain control or text-direction characters'],
      [{ last_name: 'Test\u2067er' }, 'Last name must not contain control or text-direction characters'],
      [{ company: 'Acme\u0000' }, 'Company must not contain control or text-direction characters'],
      [{ first_name: 'x'.repeat(257) }, 'First name must be at most 256 characters'],
      [{ first_name: '   ' }, 'First name is required'],
    ] as const) {
      await expect(signUp(unique(), email, attributes), message).rejects.toMatchObject({
        name: 'UserLambdaValidationException',
        message: expect.stringContaining(message),
      });
    }
    // Nothing was claimed by the refused sign-ups: the same email signs up with good names.
    await expect(signUp(name, email, { first_name: 'Dana', company: 'Ålands Ström AB' })).resolves.toMatchObject({ UserConfirmed: false });
  });

  it('keeps names changed through the pool’s own UpdateUserAttributes before the first portal call out of the portal as the rules refuse them', async () => {
    const user = await createConfirmedUser();
    // The account's owner, with their own access token, straight at the user pool: the trigger does not run.
    await cognito.send(
      new UpdateUserAttributesCommand({
        AccessToken: user.accessToken,
        UserAttributes: [
          { Name: 'name', Value: 'Eve\r\nBcc: all@example.com' },
          { Name: 'family_name', Value: `\u202e${'w'.repeat(2000)}` },
        ],
      }),
    );
    const profile = (await callApi('user', { cmd: 'get_user_profile' }, user.accessToken)).body.data as { first_name: string; last_name: string };
    expect(profile.first_name).toBe('Eve Bcc: all@example.com');
    expect(profile.last_name).toBe('w'.repeat(256));
  });
});
