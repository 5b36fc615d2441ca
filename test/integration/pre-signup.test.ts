import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { createConfirmedUser, signUp as signUpUser, stackContext } from '../support/api';

const { cognito, localStack } = stackContext();

const signUp = (username: string, email: string) => signUpUser({ username, email });

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
});
