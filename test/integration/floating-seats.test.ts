import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { describe, expect, it } from 'vitest';
import { licenseMessages } from '../../shared/licenses/messages';
import { BORROW_MAX_DAYS, FLOATING_LEASE_MINUTES, type Machine } from '../../shared/licenses/seat';
import { FloatingSeatEntity } from '../../functions/domain/licenses/floating-seat.entity';
import { floatingSeatsOf } from '../../functions/domain/licenses/floating-seats';
import { listLicenses, renewLicense, reserveLicense, returnLicense, signIn as clientSignIn, verifyReservation } from '../../scripts/client/protocol';
import { readKeysFile } from '../../scripts/client/trusted-keys';
import { asUnit, callApi, createConfirmedUser, stackContext } from '../support/api';
import { clientRefusal, licCall, storeLicense, withUserId } from '../support/licenses';

const { baseUrl, localStack } = stackContext();
const pinned = readKeysFile(localStack.licenseKeysFile);
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const machine = (name: string): Machine => ({ fingerprint: `fp-${name}`, hostname: `${name}.lab`, client_version: '3.1.0', os: 'linux' });
const machines = ['m1', 'm2', 'm3', 'm4', 'm5'].map(machine);

async function customer() {
  const user = await createConfirmedUser();
  const session = await clientSignIn(baseUrl, user.username, user.password);
  return withUserId({ ...user, session, accessToken: session.accessToken });
}

const seatsOf = (licenseId: number) => asUnit({ endpoint: 'lic' }, () => floatingSeatsOf(licenseId));
/** A machine's lease ended `minutesAgo` (it stopped without returning): as a lapse of time leaves the seat. */
async function leaseEndedAgo(licenseId: number, fingerprint: string, minutesAgo: number) {
  const seat = (await seatsOf(licenseId)).find((held) => held.fingerprint === fingerprint)!;
  await asUnit({ endpoint: 'lic' }, () =>
    FloatingSeatEntity.build(PutItemCommand).item({ ...seat, lease_end: new Date(Date.now() - minutesAgo * MINUTE_MS).toISOString() }).send(),
  );
}
const claims = (answer: { reservation: unknown }) => verifyReservation(answer.reservation, pinned);

/** `owner`'s new organisation with `members` in it (invited and accepted), through the portal's cmds. */
async function organisationWith(owner: { accessToken: string; id: number }, members: { accessToken: string; email: string }[], admins: { accessToken: string; email: string }[] = []) {
  const call = async <T>(token: string, cmd: string, params: Record<string, unknown>) => {
    const { body } = await callApi('user', { cmd, ...params }, token);
    expect(body, cmd).toMatchObject({ status: 'ok' });
    return body.data as T;
  };
  const { id } = await call<{ id: number }>(owner.accessToken, 'create_organisation', { name: `Floating lab of ${owner.id}` });
  for (const [who, role] of [...members.map((m) => [m, 'member'] as const), ...admins.map((a) => [a, 'admin'] as const)]) {
    const invitation = await call<{ id: string }>(owner.accessToken, 'invite_member', { organisation_id: id, email: who.email, role });
    await call(who.accessToken, 'accept_invitation', { invitation_id: invitation.id });
  }
  return id;
}

describe('floating seats: a license with several seats', () => {
  it('never lets more machines hold seats than the license has, under concurrent reservations, and says when one frees', async () => {
    const user = await customer();
    const license = await storeLicense(user.id, { license_type_id: 'Enterprise', valid_to: '2099-06-30', seats: 3 });
    expect((await listLicenses(user.session, machines[0]!)).find((row) => row.id === license.id)).toMatchObject({ seats: 3, available: true });

    for (const _round of [1, 2, 3]) {
      const answers = await Promise.all(machines.map((each) => clientRefusal(reserveLicense(user.session, license.id, each))));
      const held = await seatsOf(license.id);
      expect(held).toHaveLength(3);
      expect(new Set(held.map((seat) => seat.fingerprint)).size).toBe(3);
      // The holders of one round renew in the next, beside the two that keep asking.
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
      for (const refused of answers.filter((answer) => answer.status !== 200)) {
        expect(refused).toEqual({ status: 409, message: expect.stringMatching(/^All 3 seats of this license are in use: the first lease ends \d{4}-\d\d-\d\d \d\d:\d\d UTC/) });
      }
    }
    // The three holders keep their seats on renewal; the lease is short and says it floats.
    const holders = (await seatsOf(license.id)).map((seat) => machines.find((each) => each.fingerprint === seat.fingerprint)!);
    // Renewed with more than half its lease left, the lease stands as it is (nothing is written) …
    const standing = claims(await renewLicense(user.session, license.id, holders[0]!));
    expect(standing).toMatchObject({ kind: 'floating', fingerprint: holders[0]!.fingerprint });
    const heldUntil = (await seatsOf(license.id)).find((seat) => seat.fingerprint === holders[0]!.fingerprint)!.lease_end;
    expect(standing.not_after).toBe(heldUntil);
    // … and with less than half left, as the app renews, it runs a whole lease again.
    await leaseEndedAgo(license.id, holders[0]!.fingerprint, -FLOATING_LEASE_MINUTES / 4);
    const renewed = claims(await renewLicense(user.session, license.id, holders[0]!));
    expect(Date.parse(renewed.not_after) - Date.parse(renewed.issued_at)).toBe(FLOATING_LEASE_MINUTES * MINUTE_MS);
    expect((await seatsOf(license.id)).find((seat) => seat.fingerprint === holders[0]!.fingerprint)!.lease_end).toBe(renewed.not_after);
    // A returned seat is free for the next machine at once.
    const waiting = machines.find((each) => !holders.includes(each))!;
    expect(await returnLicense(user.session, license.id, holders[1]!.fingerprint)).toEqual({ license_id: license.id, available: true });
    expect(claims(await reserveLicense(user.session, license.id, waiting)).kind).toBe('floating');
    expect(await clientRefusal(renewLicense(user.session, license.id, holders[1]!))).toEqual({ status: 409, message: licenseMessages.noLongerHeld });
  });

  it('reclaims an ended lease only when another machine needs the seat, so a machine back after a weekend carries on', async () => {
    const user = await customer();
    const license = await storeLicense(user.id, { license_type_id: 'Enterprise', valid_to: '2099-06-30', seats: 2 });
    const [weekend, other, newcomer] = machines;
    await reserveLicense(user.session, license.id, weekend!);
    await reserveLicense(user.session, license.id, other!);
    // Its lease ended two days ago and nobody needed the seat: it carries on.
    await leaseEndedAgo(license.id, weekend!.fingerprint, 2 * 24 * 60);
    expect(claims(await renewLicense(user.session, license.id, weekend!)).kind).toBe('floating');
    // Ended again, and now someone needs a seat: the ended one is reclaimed, the running one is not.
    await leaseEndedAgo(license.id, weekend!.fingerprint, 30);
    expect(claims(await reserveLicense(user.session, license.id, newcomer!)).fingerprint).toBe(newcomer!.fingerprint);
    expect((await seatsOf(license.id)).map((seat) => seat.fingerprint).sort()).toEqual([newcomer!.fingerprint, other!.fingerprint].sort());
    expect(await clientRefusal(renewLicense(user.session, license.id, weekend!))).toEqual({ status: 409, message: licenseMessages.noLongerHeld });
  });

  it('lends a seat for up to seven days, never reclaimed before its end, and takes it back early', async () => {
    const user = await customer();
    const license = await storeLicense(user.id, { license_type_id: 'Enterprise', valid_to: '2099-06-30', seats: 2 });
    const [traveller, desk, third] = machines;
    const borrowed = claims(await reserveLicense(user.session, license.id, traveller!, false, BORROW_MAX_DAYS));
    expect(borrowed.kind).toBe('borrow');
    expect(Date.parse(borrowed.not_after) - Date.parse(borrowed.issued_at)).toBe(BORROW_MAX_DAYS * DAY_MS);
    await reserveLicense(user.session, license.id, desk!);
    expect(await clientRefusal(reserveLicense(user.session, license.id, third!))).toMatchObject({ status: 409, message: expect.stringMatching(/^All 2 seats of this license are in use/) });
    // More than the cap, or a single-seat license, is refused.
    expect((await licCall(user.accessToken, 'reserve_license', { license_id: license.id, payload: Buffer.from(JSON.stringify(third)).toString('base64url'), borrow_days: BORROW_MAX_DAYS + 1 })).status).toBe(400);
    const single = await storeLicense(user.id, { valid_to: '2099-06-30' });
    expect(await clientRefusal(reserveLicense(user.session, single.id, third!, false, 2))).toEqual({ status: 409, message: licenseMessages.borrowNotFloating });
    // Back early: returned, the seat is the next machine's.
    await returnLicense(user.session, license.id, traveller!.fingerprint);
    expect(claims(await reserveLicense(user.session, license.id, third!)).kind).toBe('floating');
    // Not given away while machines' leases run on it.
    const colleague = await customer();
    expect((await licCall(user.accessToken, 'move_license', { license_id: license.id, to_user_id: colleague.id })).body).toEqual({ status: 'error', message: licenseMessages.reserved });
  });

  it("floats an organisation's pooled license among its members: a stranger is refused, an admin frees a member's lost machine", async () => {
    const [owner, member, admin, stranger] = await Promise.all([customer(), customer(), customer(), customer()]);
    const organisationId = await organisationWith(owner, [member], [admin]);
    const license = await storeLicense(owner.id, { license_type_id: 'Enterprise', valid_to: '2099-06-30', seats: 2, organisation_id: organisationId });
    expect(claims(await reserveLicense(member.session, license.id, machines[0]!)).kind).toBe('floating');
    expect(claims(await reserveLicense(admin.session, license.id, machines[1]!, false, 2)).kind).toBe('borrow');
    expect(await clientRefusal(reserveLicense(member.session, license.id, machines[2]!))).toMatchObject({ status: 409, message: expect.stringMatching(/^All 2 seats/) });
    expect(await clientRefusal(reserveLicense(stranger.session, license.id, machines[3]!))).toEqual({ status: 404, message: licenseMessages.notFound(license.id) });
    // The admin sees every machine and may free the member's; the member sees only their own.
    const adminView = (await licCall(admin.accessToken, 'get_floating_seats', { license_id: license.id })).body.data as { held: { hostname: string; may_free: boolean }[] };
    expect(adminView.held.map(({ hostname, may_free }) => ({ hostname, may_free })).sort((a, b) => a.hostname.localeCompare(b.hostname))).toEqual([
      { hostname: machines[0]!.hostname, may_free: true },
      { hostname: machines[1]!.hostname, may_free: true },
    ]);
    const onSeatsScreen = (await licCall(admin.accessToken, 'get_organisation_licenses', { organisation_id: organisationId, page: 1 })).body.data as { licenses: { id: number; seats?: number; in_use?: number; holder: unknown }[] };
    expect(onSeatsScreen.licenses.find((row) => row.id === license.id)).toMatchObject({ seats: 2, in_use: 2, holder: null });
    const memberView = (await licCall(member.accessToken, 'get_floating_seats', { license_id: license.id })).body.data as { in_use: number; held: { hostname: string }[] };
    expect(memberView).toMatchObject({ in_use: 2, held: [{ hostname: machines[0]!.hostname }] });
    expect(await returnLicense(admin.session, license.id, machines[0]!.fingerprint)).toEqual({ license_id: license.id, available: true });
    expect(await clientRefusal(renewLicense(member.session, license.id, machines[0]!))).toEqual({ status: 409, message: licenseMessages.noLongerHeld });
  });

  it('shows the owner every machine holding a seat and lets them free a lost one; a recipient sees only their own; a stranger nothing', async () => {
    const owner = await customer();
    const colleague = await customer();
    const stranger = await customer();
    const license = await storeLicense(owner.id, { license_type_id: 'Enterprise', valid_to: '2099-06-30', seats: 3 });
    expect((await licCall(owner.accessToken, 'share_license', { license_id: license.id, with_user_id: colleague.id })).body.status).toBe('ok');
    await reserveLicense(owner.session, license.id, machines[0]!);
    await reserveLicense(colleague.session, license.id, machines[1]!, false, 3);
    const seats = async (token: string) => (await licCall(token, 'get_floating_seats', { license_id: license.id })).body;

    const ownerView = (await seats(owner.accessToken)).data as { seats: number; in_use: number; held: { hostname: string; name: string | null; kind: string; mine: boolean }[] };
    expect(ownerView).toMatchObject({ seats: 3, in_use: 2 });
    expect(ownerView.held.map(({ hostname, name, kind, mine }) => ({ hostname, name, kind, mine })).sort((a, b) => a.hostname.localeCompare(b.hostname))).toEqual([
      { hostname: machines[0]!.hostname, name: 'Test User', kind: 'floating', mine: true },
      { hostname: machines[1]!.hostname, name: 'Test User', kind: 'borrow', mine: false },
    ]);
    const colleagueView = (await seats(colleague.accessToken)).data as { in_use: number; held: { hostname: string }[] };
    expect(colleagueView.in_use).toBe(2);
    expect(colleagueView.held.map((seat) => seat.hostname)).toEqual([machines[1]!.hostname]);
    expect(await seats(stranger.accessToken)).toEqual({ status: 'error', message: licenseMessages.notFound(license.id) });
    expect(await clientRefusal(reserveLicense(stranger.session, license.id, machines[2]!))).toEqual({ status: 404, message: licenseMessages.notFound(license.id) });
    expect(await clientRefusal(returnLicense(stranger.session, license.id, machines[0]!.fingerprint))).toEqual({ status: 404, message: licenseMessages.notFound(license.id) });
    // The recipient may not free the owner's machine; the owner frees the borrowed one (a lost laptop) at once.
    expect(await clientRefusal(returnLicense(colleague.session, license.id, machines[0]!.fingerprint))).toEqual({ status: 403, message: licenseMessages.ownerOnly });
    expect(await returnLicense(owner.session, license.id, machines[1]!.fingerprint)).toEqual({ license_id: license.id, available: true });
    expect(((await seats(owner.accessToken)).data as { in_use: number }).in_use).toBe(1);
  });
});
