import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { purgeUnconfirmedSignUps } from '../../functions/domain/accounts/purge-unconfirmed';
import { UNPROVEN_CLAIM_HOURS } from '../../functions/domain/users/email-claim.rules';
import { asUnit, createConfirmedUser, signUp, stackContext, uniqueIdentity } from '../support/api';

const { cognito, localStack } = stackContext();
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000);
const purgeAt = (now: Date) => asUnit({ job: 'purge-unconfirmed' }, () => purgeUnconfirmedSignUps(now));

const exists = (username: string) =>
  cognito.send(new AdminGetUserCommand({ UserPoolId: localStack.resources.userPoolId, Username: username })).then(
    () => true,
    (error: Error) => (error.name === 'UserNotFoundException' ? false : Promise.reject(error)),
  );

const errorName = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: Error) => error.name);

describe('the purge-unconfirmed job', () => {
  it('removes a sign-up left unconfirmed past the bound, frees its address, and leaves confirmed accounts alone', async () => {
    const confirmed = await createConfirmedUser();
    const abandoned = uniqueIdentity('abandoned');
    await signUp(abandoned);
    // Meanwhile the address is held: another sign-up with it is refused.
    expect(await errorName(signUp({ ...uniqueIdentity('second'), email: abandoned.email }))).toBe('UserLambdaValidationException');

    // Within the bound, nothing goes.
    expect((await purgeAt(hoursFromNow(UNPROVEN_CLAIM_HOURS - 1))).removed).not.toContain(abandoned.username);
    expect(await exists(abandoned.username)).toBe(true);

    const { removed } = await purgeAt(hoursFromNow(UNPROVEN_CLAIM_HOURS + 1));
    expect(removed).toContain(abandoned.username);
    expect(removed).not.toContain(confirmed.username);
    expect(await exists(abandoned.username)).toBe(false);
    expect(await exists(confirmed.username)).toBe(true);

    // The address is free for the next person at once, not only once its claim ages.
    const next = { ...uniqueIdentity('next'), email: abandoned.email };
    expect(await errorName(signUp(next))).toBe('resolved');
  });
});
