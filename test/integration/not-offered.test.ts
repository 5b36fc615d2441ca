import { describe, expect, it } from 'vitest';
import { notOfferedMessages } from '../../shared/api';
import { callApi, createConfirmedUser } from '../support/api';

/** The spec's names the portal does not offer (decision 036): a client written from the spec is told where to go. */
describe('the names the portal does not offer', () => {
  it('answers register_user, signed in or not, with where to sign up instead of an unknown cmd', async () => {
    const body = { cmd: 'register_user', user: { username: 'newcomer', email: 'newcomer@example.com' }, password: 'Passw0rdX' };
    const anonymous = await callApi('user', body);
    expect(anonymous.status).toBe(410);
    expect(anonymous.body).toEqual({ status: 'error', message: notOfferedMessages.registerUser });
    expect(anonymous.body.message).toContain('/register');

    const { accessToken } = await createConfirmedUser();
    const signedIn = await callApi('user', body, accessToken);
    expect(signedIn.status).toBe(410);
    expect(signedIn.body.message).toBe(notOfferedMessages.registerUser);
  });

  it('answers POST /api/mailchimp, whatever it is sent, with how the newsletter is chosen and left', async () => {
    for (const body of [{ user_id: 1, newsletter: true }, { cmd: 'subscribe', user_id: 2 }, {}]) {
      const answer = await callApi('mailchimp', body);
      expect(answer.status).toBe(410);
      expect(answer.body).toEqual({ status: 'error', message: notOfferedMessages.mailchimp });
    }
  });

  it('still answers a cmd nobody knows as unknown', async () => {
    const answer = await callApi('user', { cmd: 'register_users' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Unknown cmd "register_users" for endpoint user');
  });
});
