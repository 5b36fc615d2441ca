import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeBase64urlJson } from '../../shared/base64url';
import { licenseMessages } from '../../shared/licenses/messages';
import {
  OFFLINE_LEASE_DAYS,
  OFFLINE_REQUEST_DAYS,
  OFFLINE_TEXT_MAX,
  offlineMessages,
  offlineTextMessages,
} from '../../shared/licenses/offline';
import type { OfflineRequestRow } from '../../shared/licenses/offline-seats.contract';
import type { Machine } from '../../shared/licenses/seat';
import { makeOfflineRequest, newMachineKey, offlineReturnCode, activateOfflineLease, type MachineKeyFile } from '../../scripts/client/offline';
import { signIn as clientSignIn, reserveLicense, verifyReservation } from '../../scripts/client/protocol';
import { readKeysFile } from '../../scripts/client/trusted-keys';
import { createConfirmedUser, stackContext } from '../support/api';
import { clientRefusal, licCall, storeLicense, storedLicense, withUserId } from '../support/licenses';
import { tempDir } from '../support/temp-dir';

const { baseUrl, localStack } = stackContext();
const pinned = readKeysFile(localStack.licenseKeysFile);
const DAY_MS = 86_400_000;
const bench = (name: string): Machine => ({ fingerprint: `fp-${name}`, hostname: `${name}.lab`, client_version: '3.1.0', os: 'linux' });

async function customer() {
  const user = await createConfirmedUser();
  const session = await clientSignIn(baseUrl, user.username, user.password);
  return withUserId({ ...user, session, accessToken: session.accessToken });
}

/** A portal call as the browser makes it: its answer's data, or its refusal as { status, message }. */
async function portal<T>(token: string, cmd: string, params: Record<string, unknown>): Promise<T> {
  const { status, body } = await licCall(token, cmd, params);
  if (body.status !== 'ok') throw Object.assign(new Error(body.message), { httpStatus: status });
  return body.data as T;
}
const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ status: 200, message: 'accepted' }),
    (error: Error & { httpStatus: number }) => ({ status: error.httpStatus, message: error.message }),
  );

/**
 * The machine's side, `npm run client -- offline-…` in a child process whose network is cut: fetch and every
 * socket throw, so a command that tried to reach anything would fail.
 */
function airGappedClient(machine: Machine) {
  const dir = tempDir('bench-');
  const cut = "import net from 'node:net'; globalThis.fetch = () => { throw new Error('network cut'); }; net.Socket.prototype.connect = function () { throw new Error('network cut'); };";
  const run = (...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          '--import',
          `data:text/javascript,${encodeURIComponent(cut)}`,
          '--import',
          'tsx',
          'scripts/client/cli.ts',
          ...args,
          '--portal',
          'http://127.0.0.1:9',
          '--fingerprint',
          machine.fingerprint,
          '--hostname',
          machine.hostname,
          '--machine-key',
          join(dir, 'machine-key.json'),
          '--offline',
          join(dir, 'offline.json'),
        ],
        // The stack's keys file is where the client finds the local portal's key, as on a developer's bench.
        { env: { ...process.env, LOCAL_DATA_DIR: dir }, cwd: process.cwd() },
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

/** A request made by the client's own functions (for the refusals: tampering, age, replay). */
function requestOf(licenseId: number, machine: Machine, { key = newMachineKey(), now = new Date() }: { key?: MachineKeyFile; now?: Date } = {}) {
  return { key, ...makeOfflineRequest({}, licenseId, machine, key, { now }) };
}

describe('offline seats: a machine without network', () => {
  it('runs the whole cycle with its network cut: request, portal, lease, verify, return code, portal; each step once', async () => {
    const user = await customer();
    const license = await storeLicense(user.id, { license_type_id: 'Pro', valid_to: '2099-06-30' });
    const machine = bench('bench7');
    const client = airGappedClient(machine);
    writeFileSync(join(client.dir, 'keys.json'), JSON.stringify(pinned));

    const made = await client.run('offline-request', String(license.id), '--out', join(client.dir, 'request.txt'));
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    const text = readFileSync(join(client.dir, 'request.txt'), 'utf8').trim();
    expect(made.stdout).toContain(text);
    // Short enough for a QR code.
    expect(text.length).toBeLessThan(OFFLINE_TEXT_MAX);
    // One outstanding request per machine: a second one is refused on the machine.
    const second = await client.run('offline-request', String(license.id));
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(/is outstanding/);

    // The portal: the request as uploaded (the file's text), then its lease.
    const { request } = await portal<{ request: OfflineRequestRow }>(user.accessToken, 'submit_offline_request', { request: readFileSync(join(client.dir, 'request.txt'), 'utf8') });
    expect(request).toMatchObject({ license_id: license.id, hostname: machine.hostname, fingerprint: machine.fingerprint, state: 'pending', lease: null });
    expect(Date.parse(request.expires_at) - Date.parse(request.created_at)).toBe(OFFLINE_REQUEST_DAYS * DAY_MS);
    expect((await portal<{ requests: OfflineRequestRow[] }>(user.accessToken, 'get_offline_requests', {})).requests.map((row) => row.id)).toEqual([request.id]);
    const answered = (await portal<{ request: OfflineRequestRow }>(user.accessToken, 'answer_offline_request', { request_id: request.id })).request;
    expect(answered).toMatchObject({ id: request.id, state: 'answered' });
    // Answered once: the same request again is refused, and the lease stays the one given.
    expect(await refused(portal(user.accessToken, 'answer_offline_request', { request_id: request.id }))).toEqual({ status: 409, message: offlineMessages.answered });
    expect(await refused(portal(user.accessToken, 'submit_offline_request', { request: text }))).toEqual({ status: 409, message: offlineMessages.broughtBefore });

    // The seat is held by the machine, against the same rules as any seat.
    expect(await storedLicense(license.id)).toMatchObject({ reserved_to: user.id, fingerprint: machine.fingerprint, hostname: machine.hostname });
    expect(await clientRefusal(reserveLicense(user.session, license.id, bench('laptop')))).toEqual({
      status: 409,
      message: licenseMessages.heldByYourMachine(machine.hostname),
    });

    // Back on the machine: the lease file verifies with the keys it trusts, and is the answer to its request.
    writeFileSync(join(client.dir, 'lease.json'), answered.lease!);
    const activated = await client.run('offline-activate', join(client.dir, 'lease.json'), '--keys', join(client.dir, 'keys.json'));
    expect(activated.stderr).toBe('');
    expect(activated.stdout).toMatch(new RegExp(`License ${license.id} is this machine's until`));
    const verified = await client.run('verify', join(client.dir, 'lease.json'), '--keys', join(client.dir, 'keys.json'), '--json');
    const reservation = JSON.parse(verified.stdout) as { kind: string; not_after: string; issued_at: string; lease_id: string; fingerprint: string };
    expect(reservation).toMatchObject({ kind: 'offline', lease_id: request.id, fingerprint: machine.fingerprint });
    expect(Date.parse(reservation.not_after) - Date.parse(reservation.issued_at)).toBe(OFFLINE_LEASE_DAYS * DAY_MS);
    expect((await client.run('offline-status')).stdout).toMatch(/No request is outstanding\nHolds license \d+ offline until/);

    // The machine gives the seat back: its signed return code frees the seat at once, once.
    const returned = await client.run('offline-return', '--out', join(client.dir, 'return.txt'));
    expect(returned.stderr).toBe('');
    const code = readFileSync(join(client.dir, 'return.txt'), 'utf8');
    expect(await portal(user.accessToken, 'return_offline_seat', { code })).toEqual({ license_id: license.id, available: true });
    const freed = await storedLicense(license.id);
    expect(freed?.fingerprint).toBeUndefined();
    expect(freed?.offline_lease).toBeUndefined();
    expect(await refused(portal(user.accessToken, 'return_offline_seat', { code }))).toEqual({ status: 409, message: offlineMessages.returnSpent });
    expect((await client.run('offline-status')).stdout).toMatch(/Holds no offline lease/);
    // Its lease file is no longer offered: it gives no seat any more.
    expect((await portal<{ requests: OfflineRequestRow[] }>(user.accessToken, 'get_offline_requests', {})).requests).toEqual([]);
  });

  it('refuses a tampered, replayed, expired or doubled request and changes nothing', async () => {
    const user = await customer();
    const license = await storeLicense(user.id, { valid_to: '2099-06-30' });
    const machine = bench('bench8');
    const submit = (request: string) => refused(portal(user.accessToken, 'submit_offline_request', { request }));

    // Tampered: another license id in a payload signed for the first.
    const { text } = requestOf(license.id, machine);
    const [prefix, payload, signature] = text.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { license_id: number };
    const other = await storeLicense(user.id, { valid_to: '2099-06-30' });
    const tampered = `${prefix}.${encodeBase64urlJson({ ...claims, license_id: other.id })}.${signature}`;
    expect(await submit(tampered)).toEqual({ status: 400, message: offlineMessages.badSignature });
    // Not a request at all, a field too many, a return code, too long.
    expect(await submit('SEATREQ1.bm90LWpzb24.' + 'A'.repeat(86))).toEqual({ status: 400, message: offlineTextMessages.notRequest });
    const key = newMachineKey();
    const extra = requestOf(license.id, machine, { key }).text.split('.');
    const withField = `${extra[0]}.${encodeBase64urlJson({ ...JSON.parse(Buffer.from(extra[1]!, 'base64url').toString('utf8')), admin: true })}.${extra[2]}`;
    expect(await submit(withField)).toEqual({ status: 400, message: offlineTextMessages.notRequest });
    expect(await submit('SEATRET1.e30.' + 'A'.repeat(86))).toEqual({ status: 400, message: offlineTextMessages.returnNotRequest });
    expect((await submit('x'.repeat(OFFLINE_TEXT_MAX + 101))).status).toBe(400);

    // Expired: made more than OFFLINE_REQUEST_DAYS ago.
    const old = requestOf(license.id, machine, { now: new Date(Date.now() - (OFFLINE_REQUEST_DAYS + 1) * DAY_MS) });
    expect(await submit(old.text)).toMatchObject({ status: 409, message: expect.stringMatching(/^This request ended on/) });

    // A license the caller has nothing to do with is unknown to them.
    const stranger = await customer();
    const theirs = await storeLicense(stranger.id, { valid_to: '2099-06-30' });
    expect(await submit(requestOf(theirs.id, machine).text)).toEqual({ status: 404, message: licenseMessages.notFound(theirs.id) });

    // One request waiting per machine; withdrawn, the same request cannot be brought again.
    const first = (await portal<{ request: OfflineRequestRow }>(user.accessToken, 'submit_offline_request', { request: text })).request;
    const another = requestOf(license.id, machine);
    expect(await submit(another.text)).toMatchObject({ status: 409, message: expect.stringMatching(new RegExp(`^This machine has a request for license ${license.id} waiting since`)) });
    expect(await submit(text)).toEqual({ status: 409, message: offlineMessages.broughtBefore });
    expect(await portal(user.accessToken, 'withdraw_offline_request', { request_id: first.id })).toEqual({ request_id: first.id });
    expect(await submit(text)).toEqual({ status: 409, message: offlineMessages.broughtBefore });
    expect(await refused(portal(user.accessToken, 'answer_offline_request', { request_id: first.id }))).toEqual({ status: 404, message: offlineMessages.unknownRequest });
    // Another user cannot answer or withdraw it.
    const second = (await portal<{ request: OfflineRequestRow }>(user.accessToken, 'submit_offline_request', { request: another.text })).request;
    expect(await refused(portal(stranger.accessToken, 'answer_offline_request', { request_id: second.id }))).toEqual({ status: 404, message: offlineMessages.unknownRequest });
    expect(await refused(portal(stranger.accessToken, 'withdraw_offline_request', { request_id: second.id }))).toEqual({ status: 404, message: offlineMessages.unknownRequest });
    expect((await storedLicense(license.id))?.fingerprint).toBeUndefined();
  });

  it('refuses a forged or foreign return code, frees nothing, and gives a lease no longer than the license', async () => {
    const user = await customer();
    const ends = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10);
    const license = await storeLicense(user.id, { valid_to: ends });
    const machine = bench('bench9');
    const { key, text, state } = requestOf(license.id, machine);
    const { request } = await portal<{ request: OfflineRequestRow }>(user.accessToken, 'submit_offline_request', { request: text });
    const { lease } = (await portal<{ request: OfflineRequestRow }>(user.accessToken, 'answer_offline_request', { request_id: request.id })).request;
    const { reservation, state: holding } = activateOfflineLease(state, JSON.parse(lease!), pinned, machine);
    // Never past the license's last day.
    expect(reservation.not_after).toBe(new Date(Date.parse(`${ends}T00:00:00.000Z`) + DAY_MS).toISOString());
    expect(verifyReservation(JSON.parse(lease!), pinned, { machine }).kind).toBe('offline');

    const returnCode = (signingKey: MachineKeyFile) => offlineReturnCode(holding, machine, signingKey).text;
    const submitReturn = (code: string, token = user.accessToken) => refused(portal(token, 'return_offline_seat', { code }));
    // Signed by another machine's key.
    expect(await submitReturn(returnCode(newMachineKey()))).toEqual({ status: 400, message: offlineMessages.returnForged });
    // For another lease of the same license (an older one), or another license.
    const stale = offlineReturnCode({ lease: { ...holding.lease!, lease_id: 'older-lease' } }, machine, key).text;
    expect(await submitReturn(stale)).toEqual({ status: 409, message: offlineMessages.returnSpent });
    // A stranger with the right code learns nothing.
    const stranger = await customer();
    expect(await submitReturn(returnCode(key), stranger.accessToken)).toEqual({ status: 404, message: licenseMessages.notFound(license.id) });
    expect(await submitReturn(text)).toEqual({ status: 400, message: offlineTextMessages.requestNotReturn });
    expect((await storedLicense(license.id))?.fingerprint).toBe(machine.fingerprint);
    expect((await portal<{ requests: OfflineRequestRow[] }>(user.accessToken, 'get_offline_requests', {})).requests).toMatchObject([{ id: request.id, state: 'answered' }]);
    // The owner frees it with the machine's own code.
    expect(await submitReturn(returnCode(key))).toEqual({ status: 200, message: 'accepted' });
    expect((await storedLicense(license.id))?.fingerprint).toBeUndefined();
  });
});
