import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/validation';
import { callApi, createConfirmedUser, signIn, stackContext } from '../support/api';

describe('the profile', () => {
  it('gives the demo user the seeded profile', async () => {
    const { accessToken } = await signIn('demo', stackContext().demoPassword);
    const res = await callApi('user', { cmd: 'get_user_profile' }, accessToken);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.data).toMatchObject({ username: 'demo', email: 'demo@example.com', beta_access: false, legacy: false });
    expect(Number.isInteger((res.body.data as { id: number }).id)).toBe(true);
  });

  it('creates the record of a new user on the first call, with the next numeric id, from the sign-up attributes', async () => {
    const first = await createConfirmedUser();
    const second = await createConfirmedUser();
    const a = (await callApi('user', { cmd: 'get_user_profile' }, first.accessToken)).body.data as { id: number };
    const b = (await callApi('user', { cmd: 'get_user_profile' }, second.accessToken)).body.data as { id: number };
    expect(a).toMatchObject({ username: first.username, email: first.email, first_name: 'Test', last_name: 'User', company: 'Test Co' });
    expect(b.id).toBeGreaterThan(a.id);
    // Asking again returns the same record, not a new one.
    const again = (await callApi('user', { cmd: 'get_user_profile' }, first.accessToken)).body.data as { id: number };
    expect(again.id).toBe(a.id);
  });

  it('creates exactly one record when first calls race', async () => {
    const user = await createConfirmedUser();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => callApi('user', { cmd: 'get_user_profile' }, user.accessToken)),
    );
    const ids = new Set(answers.map((answer) => (answer.body.data as { id: number }).id));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(ids.size).toBe(1);
  });

  it('updates names and company, trimmed, and keeps them', async () => {
    const user = await createConfirmedUser();
    const res = await callApi(
      'user',
      { cmd: 'update_user_profile', first_name: '  Grace ', last_name: 'Hopper', company: 'Navy' },
      user.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', company: 'Navy', email: user.email });
    const read = await callApi('user', { cmd: 'get_user_profile' }, user.accessToken);
    expect(read.body.data).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', company: 'Navy' });
  });

  it('refuses empty names with the name rule and changes nothing', async () => {
    const user = await createConfirmedUser();
    const before = (await callApi('user', { cmd: 'get_user_profile' }, user.accessToken)).body.data;
    const emptyFirst = await callApi('user', { cmd: 'update_user_profile', first_name: '  ', last_name: 'X' }, user.accessToken);
    expect(emptyFirst.status).toBe(400);
    expect(emptyFirst.body).toEqual({ status: 'error', message: `first_name: ${messages.firstName}` });
    const missingLast = await callApi('user', { cmd: 'update_user_profile', first_name: 'X' }, user.accessToken);
    expect(missingLast.status).toBe(400);
    expect(missingLast.body.message).toContain('last_name');
    const after = (await callApi('user', { cmd: 'get_user_profile' }, user.accessToken)).body.data;
    expect(after).toEqual(before);
  });

  it("cannot touch another user's profile: ids in the body are ignored", async () => {
    const victim = await createConfirmedUser();
    const attacker = await createConfirmedUser();
    const victimBefore = (await callApi('user', { cmd: 'get_user_profile' }, victim.accessToken)).body.data as { id: number };
    await callApi(
      'user',
      { cmd: 'update_user_profile', id: victimBefore.id, user_id: victimBefore.id, first_name: 'Evil', last_name: 'Doer' },
      attacker.accessToken,
    );
    const victimAfter = (await callApi('user', { cmd: 'get_user_profile' }, victim.accessToken)).body.data;
    expect(victimAfter).toEqual(victimBefore);
  });
});
