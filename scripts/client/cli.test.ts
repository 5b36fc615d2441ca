import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../local/net';
import { encodeBase64urlJson } from '../../shared/base64url';
import type { Reservation } from '../../shared/licenses/seat';
import { keyText, leaseText, registeredText, returnText, verifiedText } from './answer-text';
import { licenseTable } from './license-table';
import type { DesktopLicense, ReserveAnswer } from './protocol';

/**
 * `npm run client` as a person meets it, run as a child process: usage, and one clear line (no stack
 * trace) with a non-zero exit code for a wrong command line, no sign-in and a portal that cannot be
 * reached. What it prints against a real portal is test/integration/seat-protocol (the command line).
 */

const dir = mkdtempSync(join(tmpdir(), 'cli-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // The SDK's warning switch is the CLI's to set, so the environment given here has none.
    const { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: _, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/client/cli.ts', ...args, '--session', join(dir, 'session.json')], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** One line on stderr, nothing on stdout, the exit code given: what every failure looks like. */
function expectOneLine(result: { status: number | null; stdout: string; stderr: string }, exitCode: number, text: string) {
  expect(result.stderr.trimEnd().split('\n'), result.stderr).toEqual([text]);
  expect(result.stdout).toBe('');
  expect(result.status).toBe(exitCode);
}

/** A local server answering /config.json with `config`; closed by the caller. */
async function configServer(config: object): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.url === '/config.json') response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(config));
    else response.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

// Each check starts the CLI in a Node process of its own (about a second, several on a busy machine): the
// time allowed is a guard against a hang, never a measure of speed.
describe('the desktop CLI on the command line', { timeout: 60_000 }, () => {
  it('prints its usage for --help, and exits 0', async () => {
    const { status, stdout, stderr } = await cli('--help');
    expect(status).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^Usage: npm run client -- <command> \[options\]/);
    for (const command of ['signin', 'list [--json]', 'reserve ID', 'renew ID', 'return ID', 'register UID', 'verify FILE', 'key']) expect(stdout).toContain(command);
  });

  it('tells a wrong command line in one line, with exit code 2', async () => {
    expectOneLine(await cli(), 2, 'Give a command (see --help)');
    expectOneLine(await cli('frobnicate'), 2, 'Unknown command "frobnicate": the commands are signin, list, reserve, renew, return, register, verify, key, offline-request, offline-status, offline-withdraw, offline-activate, offline-return (see --help)');
    expectOneLine(await cli('list', '--bogus'), 2, "Unknown option '--bogus' (see --help)");
    // Told before the missing session is.
    expectOneLine(await cli('return', 'seven'), 2, '"seven" is not a license id (a whole number) (see --help)');
  });

  it('tells a command before sign-in to sign in first, in one line', async () => {
    expectOneLine(
      await cli('list'),
      1,
      `Not signed in (no session in ${join(dir, 'session.json')}): sign in first (npm run client -- signin --user NAME --password PASSWORD)`,
    );
  });

  it('tells a portal nothing answers at in one line', async () => {
    const portal = `http://127.0.0.1:${await freePort()}`;
    expectOneLine(
      await cli('signin', '--user', 'dana', '--password', 'x', '--portal', portal),
      1,
      `Cannot reach the portal at ${portal}: nothing answers there: is it running, and is --portal its address?`,
    );
  });

  it('tells a sign-in service nothing answers at in one line, without the SDK’s Node version warning', async () => {
    const cognito = `http://127.0.0.1:${await freePort()}`;
    const { url, server } = await configServer({ region: 'us-east-1', userPoolId: 'us-east-1_x', userPoolClientId: 'client', apiBase: '/api', cognitoEndpoint: cognito });
    try {
      expectOneLine(
        await cli('signin', '--user', 'dana', '--password', 'x', '--portal', url),
        1,
        `Cannot reach the sign-in service at ${cognito}: nothing answers there: is it running, and is --portal its address?`,
      );
    } finally {
      server.close();
    }
  });
});

describe('the license table of `list`', () => {
  const license = (fields: Partial<DesktopLicense>): DesktopLicense => ({
    id: 7,
    user_id: 3,
    created: '2026-01-05',
    license_type_id: 'Automation',
    license_usage_id: 4,
    license_usage: 'Standard',
    enabled: true,
    valid_from: '2026-01-01',
    valid_to: null,
    tag: null,
    reserved_to: null,
    fingerprint: null,
    hostname: null,
    expired: false,
    days: null,
    hid: null,
    subscription_id: null,
    subscription_state: null,
    shared_count: 0,
    addons: [],
    shared_users: [],
    shared_by: null,
    available: true,
    ...fields,
  });

  it('shows a row a license with its type, end, state and seat, columns aligned', () => {
    const table = licenseTable(
      [
        license({ id: 7 }),
        license({ id: 12, license_type_id: 'Pro', addons: [{ id: 'Automation', attributes: {} }], valid_to: '2026-02-01', reserved_to: 3, fingerprint: 'fp-mine', hostname: 'lab-pc' }),
        license({ id: 130, reserved_to: 9, fingerprint: 'fp-other', hostname: 'desk', available: false, shared_by: 'kim' }),
        license({ id: 131, hid: 'DONGLE-1', available: false }),
      ],
      'fp-mine',
    ).split('\n');
    expect(lineCells(table[0]!)).toEqual(['Id', 'Type', 'Add-ons', 'Valid to', 'State', 'Seat', 'Shared by']);
    expect(table[1]).toMatch(/^-+( {2}-+)+$/);
    expect(table[2]).toMatch(/^7 +Automation +perpetual +Perpetual +free$/);
    expect(table[3]).toMatch(/^12 +Pro +Automation +2026-02-01 +Expired \d+ days ago +held by this machine$/);
    expect(table[4]).toMatch(/^130 +Automation +perpetual +Perpetual +in use on desk +kim$/);
    expect(table[5]).toMatch(/^131 +Automation +perpetual +Perpetual +on dongle DONGLE-1$/);
    // Each column starts where its header does.
    const stateAt = table[0]!.indexOf('State');
    for (const row of table.slice(2)) expect(row.slice(stateAt)).toMatch(/^(Perpetual|Expired)/);
  });

  it('says so when the account has no licenses', () => {
    expect(licenseTable([], 'fp')).toBe('No licenses for this account.');
  });
});

describe('what reserve, renew, return and register print for a person', () => {
  const lease = (claims: Partial<Reservation>, answer: Partial<ReserveAnswer> = {}): ReserveAnswer => ({
    license_id: 12,
    takeover: false,
    reservation: {
      token: encodeBase64urlJson({
        license_id: 12,
        license_type_id: 'Pro',
        addons: [{ id: 'Automation' }, { id: 'BatteryValidation', channels: 4 }],
        fingerprint: 'fp-mine',
        valid_to: '2027-01-31',
        issued_at: '2026-11-28T09:15:42.000Z',
        not_after: '2026-12-05T09:15:42.000Z',
        user_id: 3,
        username: 'dana',
        key_id: 'k1',
        ...claims,
      } satisfies Reservation),
      signature: 'sig',
    },
    ...answer,
  });

  it('a reservation: the license, what it enables, and the lease’s end with its zone, not JSON', () => {
    expect(leaseText(lease({}), 'reserved', 'r.json').split('\n')).toEqual([
      'Reserved license 12 for this machine.',
      '  License     12',
      '  Type        Pro',
      '  Add-ons     Automation, BatteryValidation (4 channels)',
      '  Valid to    2027-01-31',
      '  Lease       online (renew it while online)',
      '  Lease ends  2026-12-05 09:15 UTC',
      '  Saved to    r.json',
      'Renew it online before the lease ends: npm run client -- renew 12',
    ]);
  });

  it('a takeover, a renewal and a perpetual license say so', () => {
    expect(leaseText(lease({}, { takeover: true }), 'reserved')).toMatch(/^Reserved license 12 for this machine \(taken over from the machine that held it\)\.\n/);
    const renewed = leaseText(lease({ valid_to: null, addons: [] }), 'renewed');
    expect(renewed).toMatch(/^Renewed the lease of license 12 on this machine\.\n/);
    expect(renewed).toContain('  Valid to    perpetual\n');
    expect(renewed).toContain('  Add-ons     none\n');
    expect(renewed).not.toContain('Saved to');
  });

  it('a lease it cannot read: the license, and where to find out why', () => {
    const unreadable = { ...lease({}), reservation: { token: 'not a token', signature: 'x' } };
    expect(leaseText(unreadable, 'reserved').split('\n')).toEqual([
      'Reserved license 12 for this machine.',
      '  License  12',
      'The lease could not be read: npm run client -- verify FILE says why.',
    ]);
  });

  it('a lease that verified: what it grants, to whom, and the key that signed it; a key, trusted or not', () => {
    const claims = JSON.parse(Buffer.from(lease({}).reservation.token, 'base64url').toString()) as Reservation;
    expect(verifiedText(claims).split('\n')).toEqual([
      'The lease is valid for this machine.',
      '  License     12',
      '  Type        Pro',
      '  Add-ons     Automation, BatteryValidation (4 channels)',
      '  Valid to    2027-01-31',
      '  Lease       online (renew it while online)',
      '  Lease ends  2026-12-05 09:15 UTC',
      '  User        dana (id 3)',
      '  Signed      2026-11-28 09:15 UTC with key k1',
    ]);
    const key = { key_id: 'k1', algorithm: 'Ed25519', public_key: '-----BEGIN PUBLIC KEY-----\nMCow\n-----END PUBLIC KEY-----\n' };
    expect(keyText({ ...key, trusted: true })).toBe('The portal signs with key k1 (Ed25519): this client trusts it.\n-----BEGIN PUBLIC KEY-----\nMCow\n-----END PUBLIC KEY-----');
    expect(keyText({ ...key, trusted: false }).split('\n')[0]).toBe('The portal signs with key k1 (Ed25519): this client does NOT trust it; leases signed with it will not verify.');
  });

  it('a returned seat, and a registered unit with its product and license', () => {
    expect(returnText({ license_id: 12, available: true })).toBe('Returned the seat of license 12: it is free for any of the account’s machines.');
    const unit = { id: 5, created: '2026-11-28T09:15:42.000Z', product_id: 'Arc', uid: 'U-77', hardware_version: '2.1', user_id: 3, license_id: null, ean: '7350001', banner: null, link: null };
    expect(registeredText(unit).split('\n')).toEqual([
      'Registered unit U-77 to this account.',
      '  Product     Arc',
      '  Unit uid    U-77',
      '  Hardware    2.1',
      '  EAN         7350001',
      '  Registered  2026-11-28 09:15 UTC',
      '  License     none',
    ]);
    expect(registeredText({ ...unit, license_id: 40 })).toMatch(/ {2}License {5}40$/);
  });
});

/** A table line's cells: separated by two or more spaces. */
const lineCells = (line: string) => line.split(/ {2,}/);
