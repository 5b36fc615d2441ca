import { describe, expect, it } from 'vitest';
import { licenseMessages } from '../../shared/licenses/messages';
import { encodeMachine } from '../../shared/licenses/seat';
import { userActions } from '../../functions/domain/audit/audit.repository';
import { asUnit, callApi, createAdminUser, createConfirmedUser } from '../support/api';
import { MAX_SHARES_PER_LICENSE } from '../../functions/lic/handlers/sharing';
import { attemptLimit, takeAttempt } from '../../functions/lib/db/attempt-limit';
import { MAX_CHECKS_PER_EMAIL_PER_DAY, MAX_MOVES_PER_DAY, MAX_RECIPIENT_CHECKS_PER_DAY, MAX_SHARES_PER_DAY, attemptLimits } from '../../shared/contract/limits';
import { recipientMessages } from '../../shared/forms/recipient';
import { licCall as lic, storeLicense as licenseFor, storeLicenseChange, storeReservation, storedLicense as stored, withUserId } from '../support/licenses';

/** A signed-in user with their numeric id. */
const customer = () => createConfirmedUser().then(withUserId);
const admin = () => createAdminUser().then(withUserId);
/** A machine holds the license's seat, as the desktop app's reservation leaves it. */
const reserve = (id: number, userId: number, fingerprint: string) => storeReservation(id, userId, fingerprint);
const actionsOf = (userId: number) => asUnit({ endpoint: 'lic' }, () => userActions(userId));

const listed = async (token: string) => ((await lic(token, 'get_licenses')).body.data as { licenses: { id: number; shared_by: string | null; shared_users: number[] }[] }).licenses;

describe('a customer and their licenses', () => {
  it('lists own licenses with the display fields, and nobody else’s', async () => {
    const [owner, stranger] = await Promise.all([customer(), customer()]);
    const license = await licenseFor(owner.id, { valid_to: undefined });
    const rows = await listed(owner.accessToken);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: license.id,
      user_id: owner.id,
      license_type_id: 'Automation',
      license_usage_id: 4,
      license_usage: 'Standard',
      enabled: true,
      valid_to: null,
      days: null,
      expired: false,
      reserved_to: null,
      hid: null,
      shared_count: 0,
      shared_users: [],
      shared_by: null,
    });
    expect(await listed(stranger.accessToken)).toEqual([]);
  });

  it('shares with another user, who then sees it as shared by the owner but may not share or move it', async () => {
    const [owner, friend, stranger] = await Promise.all([customer(), customer(), customer()]);
    const { id } = await licenseFor(owner.id);

    const shared = await lic(owner.accessToken, 'share_license', { license_id: id, with_user_id: friend.id });
    expect(shared.body).toEqual({ status: 'ok', data: { license_id: id, user_ids: [friend.id], users: [{ id: friend.id, name: 'Test User' }] } });
    expect((await listed(owner.accessToken))[0]).toMatchObject({ id, shared_users: [friend.id] });
    expect((await listed(friend.accessToken))[0]).toMatchObject({ id, shared_by: owner.username, shared_users: [] });

    for (const [cmd, params] of [
      ['share_license', { license_id: id, with_user_id: stranger.id }],
      ['move_license', { license_id: id, to_user_id: friend.id }],
      ['get_license_shared_users', { license_id: id }],
    ] as const) {
      const refused = await lic(friend.accessToken, cmd, params);
      expect(refused.status, cmd).toBe(403);
      expect(refused.body.message).toBe(licenseMessages.ownerOnly);
    }
    expect((await stored(id))?.user_id).toBe(owner.id);

    const stopped = await lic(owner.accessToken, 'cancel_share_license', { license_id: id, with_user_id: friend.id });
    expect(stopped.body).toEqual({ status: 'ok', data: { license_id: id, user_ids: [], users: [] } });
    expect(await listed(friend.accessToken)).toEqual([]);
  });

  it('shows a recipient that a shared license is in use, but not the owner’s machine or order tag', async () => {
    const [owner, friend] = await Promise.all([customer(), customer()]);
    const { id } = await licenseFor(owner.id, { tag: 'order-tag-7f3a' });
    await lic(owner.accessToken, 'share_license', { license_id: id, with_user_id: friend.id });
    await reserve(id, owner.id, 'owner-pc-fingerprint');
    const desktop = (fingerprint: string) =>
      encodeMachine({ fingerprint, hostname: 'friend-pc', client_version: '3.5.0', os: 'linux' });

    for (const payload of [undefined, desktop('friend-pc-fingerprint')]) {
      const answer = await lic(friend.accessToken, 'get_licenses', payload ? { payload } : {});
      expect(answer.status).toBe(200);
      const [row] = (answer.body.data as { licenses: Record<string, unknown>[] }).licenses;
      expect(row).toMatchObject({ id, shared_by: owner.username, reserved_to: owner.id, fingerprint: null, hostname: null, tag: null });
      if (payload) expect(row!.available).toBe(false);
      expect(JSON.stringify(answer.body)).not.toMatch(/owner-pc-fingerprint|order-tag-7f3a/);
    }
    // The owner sees their own machine and tag.
    expect((await lic(owner.accessToken, 'get_licenses')).body.data).toMatchObject({
      licenses: [{ id, reserved_to: owner.id, fingerprint: 'owner-pc-fingerprint', hostname: 'owner-pc-fingerprint.local', tag: 'order-tag-7f3a' }],
    });

    // The recipient's own machine holding it they do see, and it is available to that machine.
    await lic(owner.accessToken, 'return_license', { license_id: id, fingerprint: 'owner-pc-fingerprint' });
    await reserve(id, friend.id, 'friend-pc-fingerprint');
    const mine = await lic(friend.accessToken, 'get_licenses', { payload: desktop('friend-pc-fingerprint') });
    expect(mine.body.data).toMatchObject({
      licenses: [{ id, reserved_to: friend.id, fingerprint: 'friend-pc-fingerprint', hostname: 'friend-pc-fingerprint.local', tag: null, available: true }],
    });
  });

  it('names the people a license links a customer to, and never gives a customer an email or another recipient', async () => {
    const [owner, friend, other] = await Promise.all([customer(), customer(), customer()]);
    const rename = (user: { accessToken: string }, first_name: string, last_name: string) =>
      callApi('user', { cmd: 'update_user_profile', first_name, last_name }, user.accessToken);
    await Promise.all([rename(owner, 'Olive', 'Owner'), rename(friend, 'Fred', 'Friend'), rename(other, 'Otto', 'Other')]);
    const { id } = await licenseFor(owner.id);
    await lic(owner.accessToken, 'share_license', { license_id: id, with_user_id: friend.id });
    const shared = await lic(owner.accessToken, 'share_license', { license_id: id, with_user_id: other.id });
    const people = [
      { id: friend.id, name: 'Fred Friend' },
      { id: other.id, name: 'Otto Other' },
    ].sort((a, b) => a.id - b.id);
    expect(shared.body.data).toEqual({ license_id: id, user_ids: people.map((person) => person.id), users: people });
    expect((await lic(owner.accessToken, 'get_license_shared_users', { license_id: id })).body.data).toMatchObject({ users: people });

    // Another recipient's machine holds it: the owner learns whose, a recipient only that it is in use.
    await reserve(id, other.id, 'other-pc');
    const ownerAnswer = await lic(owner.accessToken, 'get_licenses');
    expect((ownerAnswer.body.data as { licenses: unknown[] }).licenses[0]).toMatchObject({
      id,
      shared_with: people,
      shared_by_name: null,
      reserved_to: other.id,
      reserved_to_name: 'Otto Other',
    });
    const friendAnswer = await lic(friend.accessToken, 'get_licenses');
    expect((friendAnswer.body.data as { licenses: unknown[] }).licenses[0]).toMatchObject({
      id,
      shared_by: owner.username,
      shared_by_name: 'Olive Owner',
      shared_with: [],
      reserved_to_name: null,
    });
    // A customer's answers carry no email, and a recipient not the other recipients' names.
    for (const answer of [ownerAnswer, friendAnswer, shared]) {
      const text = JSON.stringify(answer.body);
      for (const user of [owner, friend, other]) expect(text).not.toContain(user.email);
      expect(text).not.toContain('@');
    }
    expect(JSON.stringify(friendAnswer.body)).not.toContain('Otto');

    // The owner's own machine: the recipient may know it is the owner's.
    await lic(owner.accessToken, 'return_license', { license_id: id, fingerprint: 'other-pc' });
    await reserve(id, owner.id, 'owner-pc');
    expect(((await lic(friend.accessToken, 'get_licenses')).body.data as { licenses: unknown[] }).licenses[0]).toMatchObject({
      reserved_to: owner.id,
      reserved_to_name: 'Olive Owner',
    });
  });

  it(`refuses a customer's share after ${MAX_SHARES_PER_DAY} in a day, so shares cannot look people up, and changes nothing`, async () => {
    const [owner, friend] = await Promise.all([customer(), customer()]);
    const { id } = await licenseFor(owner.id);
    // The day's shares used up (as a loop of share calls would).
    await asUnit({ endpoint: 'lic' }, () => Promise.all(Array.from({ length: MAX_SHARES_PER_DAY }, () => takeAttempt(attemptLimit('shareLicense'), owner.id))));
    const refused = await lic(owner.accessToken, 'share_license', { license_id: id, with_user_id: friend.id });
    expect(refused).toMatchObject({ status: 429, body: { status: 'error', message: attemptLimits.shareLicense.message } });
    expect(JSON.stringify(refused.body)).not.toContain('Test User');
    expect((await stored(id))?.shared_users).toEqual([]);
    // Another customer shares as before.
    const other = await customer();
    const theirs = await licenseFor(other.id);
    expect((await lic(other.accessToken, 'share_license', { license_id: theirs.id, with_user_id: friend.id })).status).toBe(200);
  });

  it('names the recipient only when the user id and email are the same user’s, with one refusal for every slip', async () => {
    const [owner, friend] = await Promise.all([customer(), customer()]);
    const check = (params: Record<string, unknown>) => callApi('user', { cmd: 'check_recipient', ...params }, owner.accessToken);

    expect((await check({ user_id: friend.id, email: ` ${friend.email.toUpperCase()} ` })).body).toEqual({
      status: 'ok',
      data: { user_id: friend.id, name: 'Test User' },
    });
    // A slip in the id, another's email, an id nobody has: the same words, and nobody's name or email.
    for (const params of [
      { user_id: friend.id + 1_000_000, email: friend.email },
      { user_id: owner.id, email: friend.email },
      { user_id: friend.id, email: owner.email },
    ]) {
      const refused = await check(params);
      expect(refused).toMatchObject({ status: 404, body: { status: 'error', message: recipientMessages.noMatch } });
      expect(JSON.stringify(refused.body)).not.toContain('Test User');
    }

    // A customer's checks are counted per day, refused ones too: the four above and the rest of the day's.
    await asUnit({ endpoint: 'user' }, () =>
      Promise.all(Array.from({ length: MAX_RECIPIENT_CHECKS_PER_DAY - 4 }, () => takeAttempt(attemptLimit('checkRecipient'), owner.id))),
    );
    const over = await check({ user_id: friend.id, email: friend.email });
    expect(over).toMatchObject({ status: 429, body: { status: 'error', message: attemptLimits.checkRecipient.message } });
    expect(JSON.stringify(over.body)).not.toContain('Test User');
  });

  it(`refuses a customer's check of one email after ${MAX_CHECKS_PER_EMAIL_PER_DAY} in a day: knowing an email is no way to walk the user ids`, async () => {
    const [owner, friend] = await Promise.all([customer(), customer()]);
    const check = (params: Record<string, unknown>) => callApi('user', { cmd: 'check_recipient', ...params }, owner.accessToken);
    for (let guess = 1; guess <= MAX_CHECKS_PER_EMAIL_PER_DAY; guess++) {
      expect((await check({ user_id: friend.id + guess * 1_000_000, email: friend.email })).status).toBe(404);
    }
    // The right id now, with the same email in another case: refused, and nobody named.
    const over = await check({ user_id: friend.id, email: friend.email.toUpperCase() });
    expect(over).toMatchObject({ status: 429, body: { status: 'error', message: attemptLimits.checkRecipientEmail.message } });
    expect(JSON.stringify(over.body)).not.toContain('Test User');
    // Another email is checked as before.
    expect((await check({ user_id: owner.id, email: owner.email })).body).toMatchObject({ status: 'ok', data: { user_id: owner.id } });
  });

  it(`refuses a customer's move after ${MAX_MOVES_PER_DAY} in a day, and changes nothing; an admin still moves`, async () => {
    const [owner, friend, support] = await Promise.all([customer(), customer(), admin()]);
    const { id } = await licenseFor(owner.id);
    await asUnit({ endpoint: 'lic' }, () => Promise.all(Array.from({ length: MAX_MOVES_PER_DAY }, () => takeAttempt(attemptLimit('moveLicense'), owner.id))));

    const refused = await lic(owner.accessToken, 'move_license', { license_id: id, to_user_id: friend.id });
    expect(refused).toMatchObject({ status: 429, body: { status: 'error', message: attemptLimits.moveLicense.message } });
    expect((await stored(id))?.user_id).toBe(owner.id);
    expect(await actionsOf(owner.id)).toEqual([]);

    expect((await lic(support.accessToken, 'move_license', { license_id: id, to_user_id: friend.id })).status).toBe(200);
    expect((await stored(id))?.user_id).toBe(friend.id);
  });

  it('refuses to share a license with more users than the limit, and changes nothing', async () => {
    const [owner, friend] = await Promise.all([customer(), customer()]);
    const { id } = await licenseFor(owner.id);
    const others = Array.from({ length: MAX_SHARES_PER_LICENSE }, (_, i) => 900_000 + i);
    await storeLicenseChange(id, { shared_users: others, shared_count: others.length });

    const refused = await lic(owner.accessToken, 'share_license', { license_id: id, with_user_id: friend.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ status: 'error', message: licenseMessages.shareLimit(MAX_SHARES_PER_LICENSE) });
    expect((await stored(id))?.shared_users).toEqual(others);
    expect(await listed(friend.accessToken)).toEqual([]);
  });

  it('lists a license stored before the users’ copies once the migration has given it them, with its share', async () => {
    const [owner, friend] = await Promise.all([customer(), customer()]);
    const { id } = await licenseFor(owner.id);
    await lic(owner.accessToken, 'share_license', { license_id: id, with_user_id: friend.id });
    // As an earlier version left it: the license and its share, but no copies and no shared_users.
    await asUnit({ endpoint: 'lic' }, async () => {
      const { DeleteCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
      const { documentClient } = await import('../../functions/lib/db/table');
      const { getTableName } = await import('../../functions/lib/config');
      const { licenseSortKey } = await import('../../functions/domain/licenses/license.entity');
      const TableName = getTableName();
      for (const userId of [owner.id, friend.id]) {
        await documentClient.send(new DeleteCommand({ TableName, Key: { pk: `license-views#${userId}`, sk: licenseSortKey(id) } }));
      }
      await documentClient.send(new UpdateCommand({ TableName, Key: { pk: `license#${id}`, sk: 'license' }, UpdateExpression: 'REMOVE shared_users' }));
    });
    expect(await listed(owner.accessToken)).toEqual([]);

    const { migrateLicenseViews } = await import('../../functions/domain/licenses/license-views.migration');
    expect(await asUnit({ endpoint: 'lic' }, () => migrateLicenseViews())).toBeGreaterThanOrEqual(1);
    expect(await listed(owner.accessToken)).toMatchObject([{ id, shared_users: [friend.id], shared_by: null }]);
    expect(await listed(friend.accessToken)).toMatchObject([{ id, shared_by: owner.username, shared_users: [] }]);
    // Run again, it leaves the license as it is.
    const version = (await stored(id))?.version;
    await asUnit({ endpoint: 'lic' }, () => migrateLicenseViews());
    expect((await stored(id))?.version).toBe(version);
  });

  it('tells a stranger that someone else’s license does not exist, and changes nothing', async () => {
    const [owner, stranger] = await Promise.all([customer(), customer()]);
    const { id } = await licenseFor(owner.id);
    for (const [cmd, params] of [
      ['get_license_shared_users', { license_id: id }],
      ['share_license', { license_id: id, with_user_id: stranger.id }],
      ['cancel_share_license', { license_id: id, with_user_id: stranger.id }],
      ['move_license', { license_id: id, to_user_id: stranger.id }],
    ] as const) {
      const refused = await lic(stranger.accessToken, cmd, params);
      expect(refused.status, cmd).toBe(404);
      expect(refused.body.message).toBe(licenseMessages.notFound(id));
    }
    expect((await stored(id))?.user_id).toBe(owner.id);
    expect(await listed(stranger.accessToken)).toEqual([]);
  });

  it('moves a license to another user, ends its shares and records the move for both', async () => {
    const [owner, friend, colleague] = await Promise.all([customer(), customer(), customer()]);
    const { id } = await licenseFor(owner.id);
    await lic(owner.accessToken, 'share_license', { license_id: id, with_user_id: friend.id });

    const moved = await lic(owner.accessToken, 'move_license', { license_id: id, to_user_id: colleague.id });
    expect(moved.body).toEqual({ status: 'ok', data: { license_id: id, user_id: colleague.id } });
    expect(await listed(owner.accessToken)).toEqual([]);
    expect((await listed(colleague.accessToken)).map((row) => row.id)).toEqual([id]);
    expect(await listed(friend.accessToken)).toEqual([]);

    for (const userId of [owner.id, colleague.id]) {
      expect((await actionsOf(userId))[0]).toMatchObject({
        action: 'move_license',
        license_id: id,
        from_user_id: owner.id,
        to_user_id: colleague.id,
        by_user_id: owner.id,
      });
    }
  });

  it('moves a license to a user it is shared with, who then owns it and no longer sees it as shared', async () => {
    const [owner, friend, colleague] = await Promise.all([customer(), customer(), customer()]);
    const { id } = await licenseFor(owner.id);
    await lic(owner.accessToken, 'share_license', { license_id: id, with_user_id: friend.id });
    await lic(owner.accessToken, 'share_license', { license_id: id, with_user_id: colleague.id });

    const moved = await lic(owner.accessToken, 'move_license', { license_id: id, to_user_id: friend.id });
    expect(moved.body).toEqual({ status: 'ok', data: { license_id: id, user_id: friend.id } });
    expect(await listed(friend.accessToken)).toEqual([expect.objectContaining({ id, shared_by: null, shared_users: [] })]);
    expect(await listed(owner.accessToken)).toEqual([]);
    expect(await listed(colleague.accessToken)).toEqual([]);
  });

  it('refuses to move a license a machine or a dongle holds, to its owner, or to nobody', async () => {
    const [owner, other] = await Promise.all([customer(), customer()]);
    const reserved = await licenseFor(owner.id, {});
    await reserve(reserved.id, owner.id, 'f');
    const onDongle = await licenseFor(owner.id, { hid: 'DONGLE-1' });
    const plain = await licenseFor(owner.id);

    const cases = [
      [reserved.id, other.id, 409, licenseMessages.reserved],
      [onDongle.id, other.id, 409, licenseMessages.onDongle],
      [plain.id, owner.id, 400, licenseMessages.alreadyOwner],
      [plain.id, 99_999_999, 404, licenseMessages.userNotFound(99_999_999)],
    ] as const;
    for (const [licenseId, toUserId, status, message] of cases) {
      const refused = await lic(owner.accessToken, 'move_license', { license_id: licenseId, to_user_id: toUserId });
      expect(refused.status).toBe(status);
      expect(refused.body.message).toBe(message);
      expect((await stored(licenseId))?.user_id).toBe(owner.id);
    }
  });

  it('lets exactly one of two simultaneous moves of one license through', async () => {
    const [owner, a, b] = await Promise.all([customer(), customer(), customer()]);
    const { id } = await licenseFor(owner.id);
    const answers = await Promise.all([
      lic(owner.accessToken, 'move_license', { license_id: id, to_user_id: a.id }),
      lic(owner.accessToken, 'move_license', { license_id: id, to_user_id: b.id }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!.body.data as { user_id: number };
    expect((await stored(id))?.user_id).toBe(winner.user_id);
  });

  it('lets an admin move any plain license, but not a subscription', async () => {
    const [owner, other, boss] = await Promise.all([customer(), customer(), admin()]);
    const plain = await licenseFor(owner.id);
    const subscription = await licenseFor(owner.id, { license_type_id: 'Pro', subscription_id: 5, subscription_state: 'active' });
    expect((await lic(boss.accessToken, 'move_license', { license_id: plain.id, to_user_id: other.id })).status).toBe(200);
    expect((await actionsOf(owner.id))[0]).toMatchObject({ by_user_id: boss.id, to_user_id: other.id });
    const refused = await lic(boss.accessToken, 'move_license', { license_id: subscription.id, to_user_id: other.id });
    expect(refused.body).toEqual({ status: 'error', message: licenseMessages.subscriptionMove });
  });

  it('returns a seat for the owner or the user whose machine holds it, and for nobody else', async () => {
    const [owner, friend, other] = await Promise.all([customer(), customer(), customer()]);
    const first = await licenseFor(owner.id);
    await reserve(first.id, owner.id, 'owner-pc');
    const wrongMachine = await lic(owner.accessToken, 'return_license', { license_id: first.id, fingerprint: 'elsewhere' });
    expect(wrongMachine.body).toEqual({ status: 'error', message: licenseMessages.otherMachine });
    const returned = await lic(owner.accessToken, 'return_license', { license_id: first.id, fingerprint: 'owner-pc' });
    expect(returned.body).toEqual({ status: 'ok', data: { license_id: first.id, available: true } });
    const freed = await stored(first.id);
    expect([freed?.reserved_to, freed?.fingerprint, freed?.hostname, freed?.reserved_since]).toEqual([undefined, undefined, undefined, undefined]);
    const again = await lic(owner.accessToken, 'return_license', { license_id: first.id, fingerprint: 'owner-pc' });
    expect(again.body.message).toBe(licenseMessages.notReserved);

    // Shared: the friend's machine holds it; another recipient may not return it.
    const second = await licenseFor(owner.id);
    await lic(owner.accessToken, 'share_license', { license_id: second.id, with_user_id: friend.id });
    await lic(owner.accessToken, 'share_license', { license_id: second.id, with_user_id: other.id });
    await reserve(second.id, friend.id, 'friend-pc');
    expect((await lic(other.accessToken, 'return_license', { license_id: second.id, fingerprint: 'friend-pc' })).status).toBe(403);
    expect((await stored(second.id))?.fingerprint).toBe('friend-pc');
    expect((await lic(friend.accessToken, 'return_license', { license_id: second.id, fingerprint: 'friend-pc' })).status).toBe(200);

    // A dongle keeps its license: not returned from the portal.
    const third = await licenseFor(owner.id, { hid: 'DONGLE-2' });
    await reserve(third.id, owner.id, 'owner-pc');
    const refused = await lic(owner.accessToken, 'return_license', { license_id: third.id, fingerprint: 'owner-pc' });
    expect(refused.body.message).toBe(licenseMessages.onDongle);
    expect((await stored(third.id))?.fingerprint).toBe('owner-pc');
  });

  it('names the license types and usages', async () => {
    const user = await customer();
    const types = (await lic(user.accessToken, 'get_license_types')).body.data as { license_types: { id: string }[] };
    expect(types.license_types.map((type) => type.id)).toEqual(['Automation', 'Battery', 'Log', 'All', 'Enterprise', 'Pro']);
    const usages = (await lic(user.accessToken, 'get_license_usages')).body.data as { license_usages: { id: number; name: string }[] };
    expect(usages.license_usages).toContainEqual({ id: 4, name: 'Standard' });
  });
});
