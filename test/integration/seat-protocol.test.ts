import { spawn } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { licenseMessages } from '../../shared/licenses/messages';
import { decodeBase64urlJson } from '../../shared/base64url';
import {
  LEASE_DAYS,
  MACHINE_WINDOW_DAYS,
  MACHINES_PER_WINDOW,
  TAKEOVERS_PER_DAY,
  encodeMachine,
  encodeReservation,
  type Machine,
  type Reservation,
} from '../../shared/licenses/seat';
import type { NewLicense } from '../../functions/domain/licenses/licenses.repository';
import {
  listLicenses,
  renewLicense,
  reserveLicense,
  returnLicense,
  signIn as clientSignIn,
  signingKey,
  verifyReservation,
} from '../../scripts/client/protocol';
import { readKeysFile } from '../../scripts/client/trusted-keys';
import { utcTime } from '../../scripts/client/answer-text';
import { callApi, createAdminUser, createConfirmedUser, stackContext } from '../support/api';
import { clientRefusal, licCall, storeLicense, storedLicense, withUserId } from '../support/licenses';
import { tempDir } from '../support/temp-dir';

const { baseUrl, localStack } = stackContext();
/** The keys the client trusts for this stack: read from the file the stack wrote, never from the portal. */
const pinned = readKeysFile(localStack.licenseKeysFile);
const DAY_MS = 86_400_000;
const machine = (name: string): Machine => ({ fingerprint: `fp-${name}`, hostname: `${name}.example`, client_version: '3.1.0', os: 'linux' });
const [laptop, desktop, lab] = [machine('laptop'), machine('desktop'), machine('lab')];

/** A user signed in through the client, with their numeric id. */
async function desktopUser() {
  const user = await createConfirmedUser();
  const session = await clientSignIn(baseUrl, user.username, user.password);
  return withUserId({ ...user, session, accessToken: session.accessToken });
}

const licenseFor = (userId: number, fields: Partial<NewLicense> = {}) => storeLicense(userId, { valid_to: '2099-06-30', ...fields });

const refusal = clientRefusal;

describe('the desktop seat protocol', () => {
  it('lists what the machine may use, reserves with a signature the published key checks offline, and returns', async () => {
    const user = await desktopUser();
    const usable = await licenseFor(user.id, { license_type_id: 'Pro', addons: [{ id: 'BatteryValidation', channels: 8 }] });
    const disabled = await licenseFor(user.id, { enabled: false });

    const before = await listLicenses(user.session, laptop);
    expect(before.find((row) => row.id === usable.id)).toMatchObject({ available: true, reserved_to: null });
    expect(before.find((row) => row.id === disabled.id)?.available).toBe(false);

    const answer = await reserveLicense(user.session, usable.id, laptop);
    expect(answer).toMatchObject({ license_id: usable.id, takeover: false });
    const verified = verifyReservation(answer.reservation, pinned, { machine: laptop });
    expect(verified).toMatchObject({
      license_id: usable.id,
      license_type_id: 'Pro',
      addons: [{ id: 'BatteryValidation', channels: 8 }],
      fingerprint: laptop.fingerprint,
      valid_to: '2099-06-30',
      user_id: user.id,
      username: user.username,
      key_id: pinned[0]!.key_id,
    });
    // A lease of LEASE_DAYS from when it was signed, not the license's end.
    expect(Date.parse(verified.not_after) - Date.parse(verified.issued_at)).toBe(LEASE_DAYS * DAY_MS);
    // What the portal publishes is information; it is the key the client already carries.
    expect(await signingKey(baseUrl)).toMatchObject({ algorithm: 'Ed25519', key_id: pinned[0]!.key_id });

    expect((await listLicenses(user.session, laptop)).find((row) => row.id === usable.id)).toMatchObject({
      available: true,
      reserved_to: user.id,
      hostname: laptop.hostname,
    });
    expect((await listLicenses(user.session, desktop)).find((row) => row.id === usable.id)?.available).toBe(false);

    expect(await returnLicense(user.session, usable.id, laptop.fingerprint)).toEqual({ license_id: usable.id, available: true });
    expect((await listLicenses(user.session, desktop)).find((row) => row.id === usable.id)?.available).toBe(true);
  });

  it('refuses a reservation that was changed, signed by another key, or is for another machine', async () => {
    const user = await desktopUser();
    const { id } = await licenseFor(user.id);
    const { reservation } = await reserveLicense(user.session, id, laptop);

    const claims = decodeBase64urlJson(reservation.token) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, valid_to: null })).toString('base64url');
    expect(() => verifyReservation({ ...reservation, token: forged }, pinned, { machine: laptop })).toThrow(/not signed/);
    const flipped = Buffer.from(reservation.signature, 'base64url');
    flipped[0] = flipped[0]! ^ 0xff;
    expect(() => verifyReservation({ ...reservation, signature: flipped.toString('base64url') }, pinned, { machine: laptop })).toThrow(/not signed/);
    const other = generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }).toString();
    expect(() => verifyReservation(reservation, [{ key_id: pinned[0]!.key_id, public_key: other }], { machine: laptop })).toThrow(/not signed/);
    expect(() => verifyReservation(reservation, [], { machine: laptop })).toThrow(/does not trust/);
    expect(() => verifyReservation(reservation, pinned, { machine: desktop })).toThrow(/another machine/);
  });

  it('gives one seat to exactly one of two machines asking at the same instant', async () => {
    const [owner, friend] = await Promise.all([desktopUser(), desktopUser()]);
    const { id } = await licenseFor(owner.id);
    await callApi('lic/5', { cmd: 'share_license', license_id: id, with_user_id: friend.id }, owner.session.accessToken);
    const answers = await Promise.all([
      refusal(reserveLicense(owner.session, id, laptop)),
      refusal(reserveLicense(friend.session, id, lab)),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect([licenseMessages.heldByAnotherUser, licenseMessages.changedMeanwhile]).toContain(loser.message);
  });

  it('refuses a disabled, an expired and a dongle license, and a machine it cannot read', async () => {
    const user = await desktopUser();
    const cases = [
      [await licenseFor(user.id, { enabled: false }), licenseMessages.disabled],
      [await licenseFor(user.id, { valid_to: '2020-01-01' }), licenseMessages.expired],
      [await licenseFor(user.id, { hid: 'DONGLE-9' }), licenseMessages.onDongle],
    ] as const;
    for (const [license, message] of cases) {
      expect(await refusal(reserveLicense(user.session, license.id, laptop))).toEqual({ status: 409, message });
    }
    const bad = await callApi('lic/5', { cmd: 'reserve_license', license_id: cases[0][0].id, payload: 'not-a-machine' }, user.session.accessToken);
    expect(bad.body).toEqual({ status: 'error', message: licenseMessages.badPayload });
  });

  it("lets a user's other machine take the seat over, a bounded number of times a day, and never from another user", async () => {
    const [owner, friend] = await Promise.all([desktopUser(), desktopUser()]);
    const { id } = await licenseFor(owner.id);
    await reserveLicense(owner.session, id, laptop);

    expect(await refusal(reserveLicense(owner.session, id, desktop))).toEqual({
      status: 409,
      message: licenseMessages.heldByYourMachine(laptop.hostname),
    });
    const machines = [desktop, laptop, desktop];
    for (const next of machines.slice(0, TAKEOVERS_PER_DAY)) {
      const answer = await reserveLicense(owner.session, id, next, true);
      expect(answer.takeover).toBe(true);
    }
    expect(await refusal(reserveLicense(owner.session, id, laptop, true))).toEqual({
      status: 409,
      message: licenseMessages.takeoverBudget(TAKEOVERS_PER_DAY),
    });

    await callApi('lic/5', { cmd: 'share_license', license_id: id, with_user_id: friend.id }, owner.session.accessToken);
    expect(await refusal(reserveLicense(friend.session, id, lab, true))).toEqual({ status: 409, message: licenseMessages.heldByAnotherUser });
  });

  it('renews the lease of the machine that holds the seat without spending takeovers, and not once the seat is no longer its', async () => {
    const [owner, other] = await Promise.all([desktopUser(), desktopUser()]);
    const admin = await createAdminUser();
    const kept = await licenseFor(owner.id);
    const disabled = await licenseFor(owner.id);
    const ended = await licenseFor(owner.id);
    const moved = await licenseFor(owner.id);
    for (const license of [kept, disabled, ended, moved]) await reserveLicense(owner.session, license.id, laptop);

    // Renewing as often as the app likes: a later lease, no takeover spent; also under a new machine name.
    const first = verifyReservation((await renewLicense(owner.session, kept.id, laptop)).reservation, pinned);
    for (let renewal = 0; renewal <= TAKEOVERS_PER_DAY; renewal += 1) {
      const renewed = await renewLicense(owner.session, kept.id, renewal === 0 ? { ...laptop, hostname: 'renamed.example' } : laptop);
      expect(renewed.takeover).toBe(false);
      expect(verifyReservation(renewed.reservation, pinned, { machine: laptop }).not_after >= first.not_after).toBe(true);
    }
    expect(await storedLicense(kept.id)).toMatchObject({ fingerprint: laptop.fingerprint, reserved_to: owner.id });
    for (const next of [desktop, laptop, desktop].slice(0, TAKEOVERS_PER_DAY)) {
      expect((await reserveLicense(owner.session, kept.id, next, true)).takeover).toBe(true);
    }
    // Held by another machine now: the old machine's renewal is refused, and a reservation is told who holds it.
    expect(await refusal(renewLicense(owner.session, kept.id, laptop))).toEqual({ status: 409, message: licenseMessages.noLongerHeld });
    expect(await refusal(reserveLicense(owner.session, kept.id, laptop))).toEqual({ status: 409, message: licenseMessages.heldByYourMachine(desktop.hostname) });
    expect(await storedLicense(kept.id)).toMatchObject({ fingerprint: desktop.fingerprint, reserved_to: owner.id });

    expect((await licCall(admin.accessToken, 'disable_license', { license_id: disabled.id })).status).toBe(200);
    expect(await refusal(renewLicense(owner.session, disabled.id, laptop))).toEqual({ status: 409, message: licenseMessages.disabled });

    expect((await licCall(admin.accessToken, 'update_license', { license_id: ended.id, license_usage_id: ended.license_usage_id, valid_to: '2026-01-02' })).status).toBe(200);
    expect(await refusal(renewLicense(owner.session, ended.id, laptop))).toEqual({ status: 409, message: licenseMessages.expired });

    await returnLicense(owner.session, moved.id, laptop.fingerprint);
    expect((await licCall(owner.accessToken, 'move_license', { license_id: moved.id, to_user_id: other.id })).status).toBe(200);
    expect(await refusal(renewLicense(owner.session, moved.id, laptop))).toEqual({ status: 404, message: licenseMessages.notFound(moved.id) });
  });

  it("shows the owner each machine's lease end, and refuses the old machine's renewal once its seat was returned from the portal (it works until then), leaving the seat free", async () => {
    const [owner, friend] = await Promise.all([desktopUser(), desktopUser()]);
    const own = await licenseFor(owner.id);
    const shared = await licenseFor(owner.id);
    await callApi('lic/5', { cmd: 'share_license', license_id: shared.id, with_user_id: friend.id }, owner.session.accessToken);
    const leases = [await reserveLicense(owner.session, own.id, laptop), await reserveLicense(friend.session, shared.id, lab)].map(({ reservation }) => reservation);

    // The owner's /licenses names each machine and when its lease ends: what a return lets it keep.
    const screen = ((await licCall(owner.accessToken, 'get_licenses')).body.data as { licenses: { id: number; hostname: string | null; lease_end: string | null }[] }).licenses;
    for (const [license, holder, lease] of [[own, laptop, leases[0]!], [shared, lab, leases[1]!]] as const) {
      expect(screen.find((row) => row.id === license.id)).toMatchObject({ hostname: holder.hostname, lease_end: verifyReservation(lease, pinned).not_after });
    }

    // The owner's Return on /licenses: return_license with the machine's fingerprint, from the portal.
    for (const [license, holder] of [[own, laptop], [shared, lab]] as const) {
      expect((await licCall(owner.accessToken, 'return_license', { license_id: license.id, fingerprint: holder.fingerprint })).body).toEqual({
        status: 'ok',
        data: { license_id: license.id, available: true },
      });
    }
    const returned = await Promise.all([storedLicense(own.id), storedLicense(shared.id)]);

    // The returned machines keep working on their leases until they end, offline as before.
    expect(verifyReservation(leases[0], pinned, { machine: laptop }).license_id).toBe(own.id);
    // The machines' next renewals are refused and write nothing: the seats stay free for any machine.
    expect(await refusal(renewLicense(owner.session, own.id, laptop))).toEqual({ status: 409, message: licenseMessages.noLongerHeld });
    expect(await refusal(renewLicense(friend.session, shared.id, lab))).toEqual({ status: 409, message: licenseMessages.noLongerHeld });
    expect(await Promise.all([storedLicense(own.id), storedLicense(shared.id)])).toEqual(returned);
    const rows = await listLicenses(owner.session, desktop);
    for (const { id } of [own, shared]) expect(rows.find((row) => row.id === id)).toMatchObject({ available: true, reserved_to: null, fingerprint: null });

    // A renewal never moves a seat; reserving anew is the user's deliberate act and still works.
    const both = await callApi('lic/5', { cmd: 'reserve_license', license_id: own.id, payload: encodeMachine(laptop), renew: true, takeover: true }, owner.session.accessToken);
    expect(both.body).toEqual({ status: 'error', message: licenseMessages.renewWithTakeover });
    expect(verifyReservation((await reserveLicense(owner.session, own.id, laptop)).reservation, pinned, { machine: laptop }).user_id).toBe(owner.id);
    expect((await renewLicense(owner.session, own.id, laptop)).takeover).toBe(false);
  });

  it('answers a renewal within the hour with the lease as it stands, the end the owner is shown', async () => {
    const user = await desktopUser();
    const license = await licenseFor(user.id);
    const reserved = verifyReservation((await reserveLicense(user.session, license.id, laptop)).reservation, pinned);
    const renewed = verifyReservation((await renewLicense(user.session, license.id, laptop)).reservation, pinned);
    expect(renewed.not_after).toBe(reserved.not_after);
    expect(Date.parse(renewed.issued_at)).toBeGreaterThanOrEqual(Date.parse(reserved.issued_at));
    const row = (await licCall(user.accessToken, 'get_licenses')).body.data as { licenses: { id: number; lease_end?: string | null }[] };
    expect(row.licenses.find((each) => each.id === license.id)?.lease_end).toBe(reserved.not_after);
  });

  it('ends the lease at the license’s last day when that comes first', async () => {
    const user = await desktopUser();
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    const { id } = await licenseFor(user.id, { valid_to: tomorrow });
    const lease = verifyReservation((await reserveLicense(user.session, id, laptop)).reservation, pinned);
    expect(lease.not_after).toBe(new Date(Date.parse(`${tomorrow}T00:00:00.000Z`) + DAY_MS).toISOString());
  });

  it('ends the return-and-reserve loop at the machine budget, and lets the recent machines go on', async () => {
    const user = await desktopUser();
    const { id } = await licenseFor(user.id);
    const machines = Array.from({ length: 8 }, (_, i) => machine(`pc${i + 1}`));
    const answers = [];
    for (const next of machines) {
      const answer = await refusal(reserveLicense(user.session, id, next));
      answers.push(answer);
      if (answer.status !== 200) break;
      await returnLicense(user.session, id, next.fingerprint);
    }
    expect(answers.map((answer) => answer.status)).toEqual([...Array<number>(MACHINES_PER_WINDOW).fill(200), 409]);
    const [before, after] = licenseMessages.machineBudget(MACHINES_PER_WINDOW, MACHINE_WINDOW_DAYS, '|').split('|');
    const budgetText = new RegExp(`^${escape(before!)}\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC${escape(after!)}$`);
    expect(answers.at(-1)!.message).toMatch(budgetText);
    // A takeover to a new machine is refused alike; the machines of the window still may.
    await reserveLicense(user.session, id, machines[0]!);
    expect(await refusal(reserveLicense(user.session, id, machines[5]!, true))).toEqual({ status: 409, message: expect.stringMatching(budgetText) });
    expect((await reserveLicense(user.session, id, machines[1]!, true)).takeover).toBe(true);
  });

  it("gives a machine claiming the holder's fingerprint the seat only for the holder", async () => {
    const [owner, friend] = await Promise.all([desktopUser(), desktopUser()]);
    const { id } = await licenseFor(owner.id);
    await callApi('lic/5', { cmd: 'share_license', license_id: id, with_user_id: friend.id }, owner.session.accessToken);
    await reserveLicense(owner.session, id, laptop);
    // The list does not offer the seat to a machine that merely claims the holder's fingerprint.
    expect((await listLicenses(friend.session, laptop)).find((row) => row.id === id)?.available).toBe(false);
    expect((await listLicenses(owner.session, laptop)).find((row) => row.id === id)?.available).toBe(true);
    expect(await refusal(reserveLicense(friend.session, id, laptop))).toEqual({ status: 409, message: licenseMessages.heldByAnotherUser });
    expect(await refusal(reserveLicense(friend.session, id, laptop, true))).toEqual({ status: 409, message: licenseMessages.heldByAnotherUser });
    expect(await storedLicense(id)).toMatchObject({ reserved_to: owner.id, fingerprint: laptop.fingerprint });
    // The owner's renewal goes on.
    expect(verifyReservation((await reserveLicense(owner.session, id, laptop)).reservation, pinned).user_id).toBe(owner.id);
  });

  it('works from the command line: sign in, reserve and save, and check the saved lease offline with the pinned key only', async () => {
    const user = await desktopUser();
    const { id } = await licenseFor(user.id);
    const cli = commandLine();
    expect((await cli.run('signin', '--user', user.username, '--password', user.password)).status).toBe(0);
    // What the user picks from: a table to read, or the portal's rows for a script.
    const table = await cli.run('list');
    expect(table.status, table.stderr).toBe(0);
    const [header, , ...rows] = table.stdout.trimEnd().split('\n');
    expect(header!.split(/ {2,}/)).toEqual(['Id', 'Type', 'Add-ons', 'Valid to', 'State', 'Seat', 'Shared by']);
    expect(rows).toEqual([expect.stringMatching(new RegExp(`^${id} +\\w+ .* free$`))]);
    const json = await cli.run('list', '--json');
    expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ id, available: true })]);
    const saved = join(cli.dir, 'r.json');
    const reserved = await cli.run('reserve', String(id), '--save', saved);
    expect(reserved.status, reserved.stderr).toBe(0);
    // A person reads which license it is and when the lease ends (a script asks with --json, below).
    expect(reserved.stdout).toContain(`Reserved license ${id} for this machine.`);

    // The portal named here is a stranger that records what it is asked: verify asks it nothing.
    const stranger = await homeMadePortal();
    try {
      const verified = await cli.run('verify', saved, '--keys', localStack.licenseKeysFile, '--portal', stranger.url, '--json');
      expect(verified.status, verified.stderr).toBe(0);
      expect(JSON.parse(verified.stdout)).toMatchObject({ license_id: id, fingerprint: 'fp-cli', user_id: user.id });
      const read = await cli.run('verify', saved, '--keys', localStack.licenseKeysFile, '--portal', stranger.url);
      expect(read.stdout).toMatch(new RegExp(`^The lease is valid for this machine\\.\\n {2}License +${id}\\n`));
      expect(stranger.requests).toEqual([]);
    } finally {
      await stranger.close();
    }

    const { not_after } = JSON.parse(savedClaims(saved)) as Reservation;
    expect(reserved.stdout).toContain(`Lease ends  ${utcTime(not_after)}`);
    const late = await cli.run('verify', saved, '--keys', localStack.licenseKeysFile, '--now', not_after);
    expect(late.status).toBe(1);
    expect(late.stderr).toContain(`lease ended at ${not_after}`);

    const lease = JSON.parse(readFileSync(saved, 'utf8')) as { token: string; signature: string };
    writeFileSync(saved, JSON.stringify({ ...lease, token: `${lease.token.slice(0, -2)}AA` }));
    const tampered = await cli.run('verify', saved, '--keys', localStack.licenseKeysFile);
    expect(tampered.status).toBe(1);

    // While online the app renews; after a return it is refused and stops using the license.
    const renewed = await cli.run('renew', String(id), '--save', saved, '--json');
    expect(renewed.status, renewed.stderr).toBe(0);
    expect(JSON.parse(renewed.stdout)).toMatchObject({ license_id: id, takeover: false, reservation: JSON.parse(readFileSync(saved, 'utf8')) });
    expect((await cli.run('verify', saved, '--keys', localStack.licenseKeysFile)).status).toBe(0);
    expect((await cli.run('return', String(id))).status).toBe(0);
    const refusedRenewal = await cli.run('renew', String(id));
    expect(refusedRenewal.status).toBe(1);
    expect(refusedRenewal.stderr).toContain(licenseMessages.noLongerHeld);
  });

  it('does not let a home-made portal on 127.0.0.1 make a forged Enterprise reservation verify', async () => {
    const cli = commandLine();
    const stranger = await homeMadePortal();
    try {
      // Asked for its key, the home-made portal serves its own; the client says it does not trust it.
      const key = await cli.run('key', '--portal', stranger.url, '--keys', localStack.licenseKeysFile, '--json');
      expect(key.status, key.stderr).toBe(0);
      expect(JSON.parse(key.stdout)).toMatchObject({ key_id: stranger.keyId, trusted: false });
      expect((await cli.run('key', '--portal', stranger.url, '--keys', localStack.licenseKeysFile)).stdout).toContain(`key ${stranger.keyId} (Ed25519): this client does NOT trust it`);

      const forged = join(cli.dir, 'forged.json');
      writeFileSync(forged, JSON.stringify(stranger.reservation({ key_id: stranger.keyId })));
      for (const keys of [['--keys', localStack.licenseKeysFile], []]) {
        const refused = await cli.run('verify', forged, '--portal', stranger.url, ...keys);
        expect(refused.status).toBe(1);
        expect(refused.stderr).toContain(`signed with key ${stranger.keyId}, which this client does not trust`);
      }
      // Naming the real key's id does not help: its signature is not the portal's.
      writeFileSync(forged, JSON.stringify(stranger.reservation({ key_id: pinned[0]!.key_id })));
      const impostor = await cli.run('verify', forged, '--portal', stranger.url, '--keys', localStack.licenseKeysFile);
      expect(impostor.status).toBe(1);
      expect(impostor.stderr).toContain('not signed by this portal');
    } finally {
      await stranger.close();
    }
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The saved file's token, decoded. */
function savedClaims(file: string): string {
  const { token } = JSON.parse(readFileSync(file, 'utf8')) as { token: string };
  return JSON.stringify(decodeBase64urlJson(token));
}

/**
 * The desktop's view: `npx tsx scripts/client/cli.ts …` in a child process, with its session in a folder of
 * its own and a data folder without the local stack's keys file (so only what the command line gives counts).
 */
function commandLine() {
  const dir = tempDir('client-');
  const run = (...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/client/cli.ts', ...args, ...(args.includes('--portal') ? [] : ['--portal', baseUrl]), '--session', join(dir, 's.json'), '--fingerprint', 'fp-cli'],
        { env: { ...process.env, LOCAL_DATA_DIR: dir } },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('error', reject);
      child.once('close', (status) => resolve({ status, stdout, stderr }));
    });
  return { dir, run };
}

/**
 * A portal of someone's own making on 127.0.0.1: it serves its own Ed25519 key as the signing key, and signs
 * whatever reservation it likes with it (here an Enterprise license for the CLI's machine). Records every
 * request it gets.
 */
async function homeMadePortal() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const keyId = 'homemade0000001';
  const requests: string[] = [];
  const app = new Hono();
  app.use('*', async (c, next) => {
    requests.push(`${c.req.method} ${c.req.path}`);
    await next();
  });
  app.post('/api/lic/5', (c) =>
    c.json({ status: 'ok', data: { key_id: keyId, algorithm: 'Ed25519', public_key: publicKey.export({ format: 'pem', type: 'spki' }).toString() } }),
  );
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const issued = new Date();
  const reservation = ({ key_id }: { key_id: string }) => {
    const token = encodeReservation({
      license_id: 1,
      license_type_id: 'Enterprise',
      addons: [],
      fingerprint: 'fp-cli',
      valid_to: null,
      issued_at: issued.toISOString(),
      not_after: new Date(issued.getTime() + 365 * DAY_MS).toISOString(),
      user_id: 1,
      username: 'anyone',
      key_id,
    });
    return { token, signature: sign(null, Buffer.from(token, 'ascii'), privateKey).toString('base64url') };
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    keyId,
    requests,
    reservation,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
