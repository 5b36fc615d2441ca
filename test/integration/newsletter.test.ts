import { ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { readRecords, type LocalMail } from '../../functions/lib/adapters/local-outbox';
import { signUp, stackContext, uniqueIdentity } from '../support/api';

const { baseUrl, localStack, cognito } = stackContext();
const subscriptions = () => readRecords<{ email: string; first_name: string }>(localStack.functionEnv.LOCAL_NEWSLETTER_FILE!);

/** Signs up through Cognito as the SPA does and confirms with the code from the local mailbox. */
async function register(marketing: '1' | '0') {
  const { username, email } = uniqueIdentity('news');
  await signUp({ username, email }, { first_name: 'News', last_name: 'Reader', marketing: marketing === '1' });
  const mails = (await (await fetch(`${baseUrl}/local/mailbox.json`)).json()) as LocalMail[];
  const code = mails.find((mail) => mail.to === email)?.code;
  expect(code).toMatch(/^\d{6}$/);
  await cognito.send(new ConfirmSignUpCommand({ ClientId: localStack.resources.userPoolClientId, Username: username, ConfirmationCode: code }));
  return email;
}

describe('the newsletter choice at sign-up', () => {
  it('subscribes a user who ticked it, once the address is confirmed', async () => {
    const email = await register('1');
    expect(subscriptions()).toContainEqual(expect.objectContaining({ email, first_name: 'News' }));
  });

  it('subscribes nobody who did not tick it', async () => {
    const email = await register('0');
    expect(subscriptions().map((s) => s.email)).not.toContain(email);
  });
});
