import { describe, expect, it } from 'vitest';
import { licenseMessages } from '../../shared/licenses/messages';
import { organisationMessages } from '../../shared/organisations/organisation-roles';
import { SEAT_CHART_DAYS, SEAT_HISTORY_PAGE_SIZE, seatHistoryMessages, type SeatChartDay, type SeatHistoryRow } from '../../shared/licenses/seat-history.contract';
import type { Machine } from '../../shared/licenses/seat';
import { reserveLicense, returnLicense, signIn as clientSignIn } from '../../scripts/client/protocol';
import { callApi, createAdminUser, createConfirmedUser, stackContext } from '../support/api';
import { clientRefusal, licCall, storeLicense, withUserId } from '../support/licenses';

/**
 * A license's seat history over the wire: the desktop protocol's reservations, takeovers, returns and
 * releases read back as holdings (who, which machine, from, to), refusals where another machine held the
 * seat, newest first a page at a time; what each caller sees (the owner all, a recipient their own, a
 * stranger a 404), the CSV file, and the 30-day chart of a license and of an organisation.
 */
const machine = (name: string): Machine => ({ fingerprint: `fp-${name}`, hostname: `${name}.example`, client_version: '3.1.0', os: 'linux' });
const [laptop, desktop, lab] = [machine('laptop'), machine('desktop'), machine('lab')];

/** A user signed in through the portal and the reference client, with their id and their name as others see it. */
async function desktopPerson() {
  const who = await createConfirmedUser().then(withUserId);
  const profile = (await callApi('user', { cmd: 'get_user_profile' }, who.accessToken)).body.data as { first_name: string; last_name: string };
  const session = await clientSignIn(stackContext().baseUrl, who.username, who.password);
  return { ...who, session, name: `${profile.first_name} ${profile.last_name}`.trim() };
}
const ok = async <T>(token: string, cmd: string, params: Record<string, unknown> = {}): Promise<T> => {
  const answer = await licCall(token, cmd, params);
  expect(answer.body, `${cmd} ${JSON.stringify(params)}`).toMatchObject({ status: 'ok' });
  return answer.body.data as T;
};
type History = { license_id: number; scope: 'all' | 'own'; rows: SeatHistoryRow[]; next: string | null };
const history = (token: string, licenseId: number, before?: string) => ok<History>(token, 'get_seat_history', { license_id: licenseId, ...(before ? { before } : {}) });
const today = () => new Date().toISOString().slice(0, 10);

/** A holding as a row says it, without its times. */
const holding = (who: { id: number }, on: Machine, started_by: string, ended_by: string | null) =>
  expect.objectContaining({ kind: 'holding', user_id: who.id, hostname: on.hostname, fingerprint: on.fingerprint, started_by, ended_by });
const refused = (who: { id: number }, on: Machine) => expect.objectContaining({ kind: 'refused', user_id: who.id, hostname: on.hostname, to: null });

describe('seat history', () => {
  it('reads reservations, takeovers, returns and refusals back as holdings and refusals; a recipient sees only their own, a stranger nothing', async () => {
    const [owner, friend, stranger] = await Promise.all([desktopPerson(), desktopPerson(), desktopPerson()]);
    const license = await storeLicense(owner.id, { valid_from: '2026-01-01', valid_to: '2099-06-30' });
    await ok(owner.accessToken, 'share_license', { license_id: license.id, with_user_id: friend.id });

    await reserveLicense(owner.session, license.id, laptop);
    expect(await clientRefusal(reserveLicense(friend.session, license.id, lab))).toEqual({ status: 409, message: licenseMessages.heldByAnotherUser });
    await reserveLicense(owner.session, license.id, desktop, true);
    await returnLicense(owner.session, license.id, desktop.fingerprint);
    await reserveLicense(friend.session, license.id, lab);
    // The owner gives the friend's seat back from the portal: it ends the friend's holding.
    await ok(owner.accessToken, 'return_license', { license_id: license.id, fingerprint: lab.fingerprint });

    const all = await history(owner.accessToken, license.id);
    expect(all).toMatchObject({ license_id: license.id, scope: 'all', next: null });
    expect(all.rows).toEqual([
      holding(friend, lab, 'reserve', 'return'),
      holding(owner, desktop, 'takeover', 'return'),
      refused(friend, lab),
      holding(owner, laptop, 'reserve', 'takeover'),
    ]);
    const [friendsHolding, desktopHolding, refusal, laptopHolding] = all.rows as [SeatHistoryRow, SeatHistoryRow, SeatHistoryRow, SeatHistoryRow];
    // Each holding ends when the next one starts or the seat is given back; the owner sees who held it.
    expect(laptopHolding.to).toBe(desktopHolding.from);
    expect(Date.parse(laptopHolding.from)).toBeLessThanOrEqual(Date.parse(refusal.from));
    expect(Date.parse(refusal.from)).toBeLessThanOrEqual(Date.parse(desktopHolding.from));
    expect(Date.parse(desktopHolding.to!)).toBeLessThanOrEqual(Date.parse(friendsHolding.from));
    expect(friendsHolding.to).not.toBeNull();
    expect(friendsHolding.name).toBe(friend.name);
    expect(laptopHolding.name).toBe(owner.name);

    // The recipient sees their own use only: their holding (ended by the owner's return) and their refusal.
    const theirs = await history(friend.accessToken, license.id);
    expect(theirs).toMatchObject({ scope: 'own', next: null });
    expect(theirs.rows).toEqual([{ ...friendsHolding }, { ...refusal }]);
    expect(await licCall(friend.accessToken, 'get_seat_chart', { license_id: license.id })).toMatchObject({ status: 403, body: { message: seatHistoryMessages.chartForManagers } });

    // Anyone else: the same 404 as a license that does not exist, on every cmd.
    for (const [cmd, params] of [
      ['get_seat_history', { license_id: license.id }],
      ['get_seat_chart', { license_id: license.id }],
      ['get_seat_history_csv', { license_id: license.id }],
    ] as const) {
      expect(await licCall(stranger.accessToken, cmd, params), cmd).toMatchObject({ status: 404, body: { status: 'error', message: licenseMessages.notFound(license.id) } });
    }
    expect(await licCall(owner.accessToken, 'get_seat_history', { license_id: license.id, before: 'not a place' })).toMatchObject({ status: 400, body: { status: 'error' } });
    expect(await licCall(owner.accessToken, 'get_seat_chart', {})).toMatchObject({ status: 400, body: { message: seatHistoryMessages.chartOf } });

    // The CSV file has the rows the owner sees, the recipient's only theirs.
    const { filename } = await ok<{ filename: string }>(owner.accessToken, 'get_seat_history_csv', { license_id: license.id });
    const lines = (await (await fetch(`${stackContext().baseUrl}/umdata/${filename}`)).text()).trim().split('\n');
    expect(lines[0]).toBe('kind,user_id,name,hostname,fingerprint,from,to,started_by,ended_by');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      `holding,${friend.id},${friend.name},${lab.hostname}`,
      `holding,${owner.id},${owner.name},${desktop.hostname}`,
      `refused,${friend.id},${friend.name},${lab.hostname}`,
      `holding,${owner.id},${owner.name},${laptop.hostname}`,
    ]);
    const friendsFile = await ok<{ filename: string }>(friend.accessToken, 'get_seat_history_csv', { license_id: license.id });
    expect((await (await fetch(`${stackContext().baseUrl}/umdata/${friendsFile.filename}`)).text()).trim().split('\n')).toHaveLength(3);

    // The chart: today one seat was in use of one owned, and one machine was turned away.
    const { days } = await ok<{ days: SeatChartDay[] }>(owner.accessToken, 'get_seat_chart', { license_id: license.id });
    expect(days).toHaveLength(SEAT_CHART_DAYS);
    expect(days.at(-1)).toEqual({ day: today(), in_use: 1, owned: 1, refused: 1 });
    expect(days.at(-2)).toMatchObject({ in_use: 0, owned: 1, refused: 0 });
  });

  it('pages newest first, a held seat open-ended across pages', async () => {
    const [owner, friend] = await Promise.all([desktopPerson(), desktopPerson()]);
    const license = await storeLicense(owner.id, { valid_to: '2099-06-30' });
    await ok(owner.accessToken, 'share_license', { license_id: license.id, with_user_id: friend.id });
    await reserveLicense(friend.session, license.id, lab);
    await returnLicense(friend.session, license.id, lab.fingerprint);
    await reserveLicense(owner.session, license.id, laptop);
    for (let n = 0; n < SEAT_HISTORY_PAGE_SIZE; n++) await clientRefusal(reserveLicense(friend.session, license.id, lab));

    const first = await history(owner.accessToken, license.id);
    expect(first.rows).toEqual(Array.from({ length: SEAT_HISTORY_PAGE_SIZE }, () => refused(friend, lab)));
    expect(first.next).toEqual(expect.any(String));
    const second = await history(owner.accessToken, license.id, first.next!);
    expect(second.rows).toEqual([holding(owner, laptop, 'reserve', null), holding(friend, lab, 'reserve', 'return')]);
    expect(second.rows[0]!.to).toBeNull();
    expect(second.next).toBeNull();

    // The recipient's own rows page the same way: 20 refusals, then their refusal-free holding.
    const theirs = await history(friend.accessToken, license.id);
    expect(theirs.rows).toHaveLength(SEAT_HISTORY_PAGE_SIZE);
    expect((await history(friend.accessToken, license.id, theirs.next!)).rows).toEqual([holding(friend, lab, 'reserve', 'return')]);
  });

  it("matches a floating license's holdings by seat, and charts its highest seats in use against its seats", async () => {
    const owner = await desktopPerson();
    const license = await storeLicense(owner.id, { license_type_id: 'Enterprise', valid_from: '2026-01-01', valid_to: '2099-06-30', seats: 2 });
    await reserveLicense(owner.session, license.id, laptop);
    await reserveLicense(owner.session, license.id, desktop);
    expect(await clientRefusal(reserveLicense(owner.session, license.id, lab))).toMatchObject({ status: 409 });
    await returnLicense(owner.session, license.id, laptop.fingerprint);

    // The laptop's return ends its own holding, not the desktop's that started after it.
    const { rows } = await history(owner.accessToken, license.id);
    expect(rows).toEqual([refused(owner, lab), holding(owner, desktop, 'reserve', null), holding(owner, laptop, 'reserve', 'return')]);
    const { days } = await ok<{ days: SeatChartDay[] }>(owner.accessToken, 'get_seat_chart', { license_id: license.id });
    expect(days.at(-1)).toEqual({ day: today(), in_use: 2, owned: 2, refused: 1 });
  });

  it("shows an organisation's admins every seat of its licenses and the organisation's summed chart; a member their own use", async () => {
    const [owner, admin, member, other, stranger] = await Promise.all([desktopPerson(), desktopPerson(), desktopPerson(), desktopPerson(), desktopPerson()]);
    const portalAdmin = await createAdminUser();
    const { id } = (await callApi('user', { cmd: 'create_organisation', name: `Seat lab of ${owner.id}` }, owner.accessToken)).body.data as { id: number };
    for (const [who, role] of [[admin, 'admin'], [member, 'member'], [other, 'member']] as const) {
      const invitation = (await callApi('user', { cmd: 'invite_member', organisation_id: id, email: who.email, role }, owner.accessToken)).body.data as { id: string };
      await callApi('user', { cmd: 'accept_invitation', invitation_id: invitation.id }, who.accessToken);
    }
    const [first, second] = [await storeLicense(owner.id, { valid_to: '2099-01-01' }), await storeLicense(owner.id, { valid_to: '2099-01-01' })];
    for (const license of [first, second]) await ok(owner.accessToken, 'add_license_to_organisation', { license_id: license.id, organisation_id: id });
    await reserveLicense(member.session, first.id, machine('member'));
    await reserveLicense(other.session, second.id, machine('other'));
    await clientRefusal(reserveLicense(other.session, first.id, machine('other')));

    const seen = await history(admin.accessToken, first.id);
    expect(seen.scope).toBe('all');
    expect(seen.rows).toEqual([refused(other, machine('other')), holding(member, machine('member'), 'reserve', null)]);
    expect(seen.rows[1]!.name).toBe(member.name);
    // A member sees their own use of the pool's seat, nobody else's.
    expect((await history(other.accessToken, first.id)).rows).toEqual([refused(other, machine('other'))]);

    const chart = await ok<{ days: SeatChartDay[] }>(admin.accessToken, 'get_seat_chart', { organisation_id: id });
    expect(chart.days.at(-1)).toEqual({ day: today(), in_use: 2, owned: 2, refused: 1 });
    expect((await ok<{ days: SeatChartDay[] }>(portalAdmin.accessToken, 'get_seat_chart', { organisation_id: id })).days.at(-1)).toMatchObject({ in_use: 2 });
    expect(await licCall(member.accessToken, 'get_seat_chart', { organisation_id: id })).toMatchObject({ status: 403, body: { message: organisationMessages.notAllowed } });
    expect(await licCall(stranger.accessToken, 'get_seat_chart', { organisation_id: id })).toMatchObject({ status: 404, body: { message: organisationMessages.notFound } });
    expect(await licCall(stranger.accessToken, 'get_seat_history', { license_id: first.id })).toMatchObject({ status: 404, body: { message: licenseMessages.notFound(first.id) } });

    // An admin releases the member's seat: the release ends the member's holding, in their own history too.
    await ok(admin.accessToken, 'release_organisation_seat', { organisation_id: id, license_id: first.id });
    const released = holding(member, machine('member'), 'reserve', 'release');
    expect((await history(member.accessToken, first.id)).rows).toEqual([released]);
    expect((await history(owner.accessToken, first.id)).rows).toEqual([refused(other, machine('other')), released]);
  });
});
