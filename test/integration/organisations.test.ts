import { describe, expect, it } from 'vitest';
import { MAX_ORGANISATIONS_PER_DAY } from '../../shared/organisations/organisations.contract';
import { callApi, createAdminUser, createConfirmedUser } from '../support/api';
import { withUserId } from '../support/licenses';

/** Organisations over the wire: a customer creates one (audited, limited), the admins list and export them. */
const user = (token: string, cmd: string, params: Record<string, unknown> = {}) => callApi('user', { cmd, ...params }, token);

describe('organisations', () => {
  it("lets a customer create one, audited, up to the day's limit; an admin finds it in the list and its CSV", async () => {
    const [creator, admin] = await Promise.all([createConfirmedUser().then(withUserId), createAdminUser()]);
    const name = `Lab ${creator.id}`;
    const created = await user(creator.accessToken, 'create_organisation', { name: `  ${name} ` });
    expect(created.body).toEqual({ status: 'ok', data: { id: expect.any(Number), name } });
    const id = (created.body.data as { id: number }).id;
    expect(await user(creator.accessToken, 'create_organisation', { name: ' ' })).toMatchObject({ status: 400, body: { status: 'error' } });
    expect((await user(creator.accessToken, 'get_organisations')).status).toBe(403);
    expect((await user(creator.accessToken, 'get_organisations_csv')).status).toBe(403);

    const page = await user(admin.accessToken, 'get_organisations', { search: name });
    expect(page.body.data).toEqual({ organisations: [{ id, name, owner_id: creator.id, owner: creator.email, created: expect.any(String) }], count: 1 });
    expect((await user(admin.accessToken, 'get_organisations', { search: creator.email })).body.data).toMatchObject({ count: 1 });
    expect((await user(admin.accessToken, 'get_organisations_csv', { search: name })).body.data).toMatchObject({ filename: expect.any(String) });
    const trail = await user(admin.accessToken, 'get_audit_entries', { by_user_id: creator.id });
    expect((trail.body.data as { entries: { action: string; target: string }[] }).entries).toEqual([
      expect.objectContaining({ action: 'create_organisation', target: `organisation#${id}` }),
    ]);

    // The refused blank name gave its attempt back: the day's limit counts the organisations made.
    for (let n = 2; n <= MAX_ORGANISATIONS_PER_DAY; n++) expect((await user(creator.accessToken, 'create_organisation', { name: `${name} ${n}` })).status).toBe(200);
    expect(await user(creator.accessToken, 'create_organisation', { name: `${name} more` })).toMatchObject({ status: 429, body: { status: 'error' } });
    expect((await user(admin.accessToken, 'get_organisations', { search: name })).body.data).toMatchObject({ count: MAX_ORGANISATIONS_PER_DAY });
  });
});
