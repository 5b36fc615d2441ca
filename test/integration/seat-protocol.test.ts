import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { licenseMessages } from '../../shared/licenses/messages';
import { decodeBase64urlJson } from '../../shared/base64url';
import { TAKEOVERS_PER_DAY, type Machine } from '../../shared/licenses/seat';
import type { NewLicense } from '../../functions/domain/licenses/licenses.repository';
import {
  PortalError,
  listLicenses,
  reserveLicense,
  returnLicense,
  signIn as clientSignIn,
  signingKey,
  verifyReservation,
} from '../../scripts/client/protocol';
import { callApi, createConfirmedUser, stackContext } from '../support/api';
import { storeLicense, withUserId } from '../support/licenses';

const { baseUrl } = stackContext();
const machine = (name: string): Machine => ({ fingerprint: `fp-${name}`, hostname: `${name}.example`, client_version: '3.1.0', os: 'linux' });
const [laptop, desktop, lab] = [machine('laptop'), machine('desktop'), machine('lab')];

/** A user signed in through the client, with their numeric id. */
async function desktopUser() {
  const user = await createConfirmedUser();
  const session = await clientSignIn(baseUrl, user.username, user.password);
  return withUserId({ ...user, session, accessToken: session.accessToken });
}

const licenseFor = (userId: number, fields: Partial<NewLicense> = {}) => storeLicense(userId, { valid_to: '2099-06-30', ...fields });

/** The portal's refusal of a call: its status and message. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ status: 200, message: '' }),
    (error: unknown) => {
      if (!(error instanceof PortalError)) throw error;
      return { status: error.httpStatus, message: error.message };
    },
  );

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
    const key = await signingKey(baseUrl);
    expect(key.algorithm).toBe('Ed25519');
    expect(verifyReservation(answer.reservation, key, laptop)).toMatchObject({
      license_id: usable.id,
      license_type_id: 'Pro',
      addons: [{ id: 'BatteryValidation', channels: 8 }],
      fingerprint: laptop.fingerprint,
      valid_to: '2099-06-30',
      key_id: key.key_id,
    });

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
    const key = await signingKey(baseUrl);

    const claims = decodeBase64urlJson(reservation.token) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, valid_to: null })).toString('base64url');
    expect(() => verifyReservation({ ...reservation, token: forged }, key, laptop)).toThrow(/not signed/);
    const flipped = Buffer.from(reservation.signature, 'base64url');
    flipped[0] = flipped[0]! ^ 0xff;
    expect(() => verifyReservation({ ...reservation, signature: flipped.toString('base64url') }, key, laptop)).toThrow(/not signed/);
    const { generateKeyPairSync } = await import('node:crypto');
    const other = generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }).toString();
    expect(() => verifyReservation(reservation, { key_id: key.key_id, public_key: other }, laptop)).toThrow(/not signed/);
    expect(() => verifyReservation(reservation, key, desktop)).toThrow(/another machine/);
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

  it('works from the command line: sign in, reserve and save, and check the saved answer offline', async () => {
    const user = await desktopUser();
    const { id } = await licenseFor(user.id);
    const dir = mkdtempSync(join(tmpdir(), 'client-'));
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/client/cli.ts', ...args, '--portal', baseUrl, '--session', join(dir, 's.json'), '--fingerprint', 'fp-cli'], {
        encoding: 'utf8',
      });
    expect(run('signin', '--user', user.username, '--password', user.password).status).toBe(0);
    expect(run('reserve', String(id), '--save', join(dir, 'r.json')).status).toBe(0);
    expect(run('key', '--save', join(dir, 'k.json')).status).toBe(0);
    const verified = run('verify', join(dir, 'r.json'), '--key', join(dir, 'k.json'), '--portal', 'http://127.0.0.1:9');
    expect(verified.status, verified.stderr).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({ license_id: id, fingerprint: 'fp-cli' });

    const saved = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as { token: string; signature: string };
    writeFileSync(join(dir, 'r.json'), JSON.stringify({ ...saved, token: `${saved.token.slice(0, -2)}AA` }));
    const tampered = run('verify', join(dir, 'r.json'), '--key', join(dir, 'k.json'));
    expect(tampered.status).toBe(1);
    expect(run('return', String(id)).status).toBe(0);
  });
});
