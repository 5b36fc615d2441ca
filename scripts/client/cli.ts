/**
 * `npm run client -- <command> [options]`: the desktop app's side of the seat protocol, on the command
 * line. It is the protocol's living documentation (see protocol.ts) and the tests use it.
 *
 *   signin  --user U --password P [--totp SECRET]     keeps the session in --session (default .client-session.json)
 *   list                                              the licenses this machine may use
 *   reserve ID [--takeover] [--save FILE]             takes the seat (the user's choice); saves the signed lease
 *   renew   ID [--save FILE]                          renews the lease of the seat this machine holds, as the app does
 *                                                     while online; refused once the seat was returned or taken over
 *   return  ID                                        gives the seat back
 *   verify  FILE [--keys FILE] [--now ISO]            checks a saved reservation offline, with the trusted keys only
 *   key     [--save FILE]                             the key the portal says it signs with (information; says if trusted)
 *   register UID                                      registers the connected unit UID to the signed-in user
 *
 * Common: --portal URL (default http://localhost:3000), --fingerprint, --hostname (default: this machine).
 * Trusted keys (trusted-keys.ts): the production portal's, committed, plus --keys FILE, or else the local
 * stack's ($LOCAL_DATA_DIR or .local/license-keys.json). verify never asks the portal for a key.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { arch, hostname, platform, release } from 'node:os';
import { parseArgs } from 'node:util';
import type { Machine } from '../../shared/licenses/seat';
import {
  listLicenses,
  registerProduct,
  renewLicense,
  reserveLicense,
  returnLicense,
  signIn,
  signingKey,
  verifyReservation,
  type ReserveAnswer,
  type Session,
} from './protocol';
import { trustedKeys } from './trusted-keys';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    portal: { type: 'string', default: 'http://localhost:3000' },
    session: { type: 'string', default: '.client-session.json' },
    user: { type: 'string' },
    password: { type: 'string' },
    totp: { type: 'string' },
    fingerprint: { type: 'string' },
    hostname: { type: 'string' },
    takeover: { type: 'boolean', default: false },
    save: { type: 'string' },
    keys: { type: 'string' },
    now: { type: 'string' },
  },
});

const machine: Machine = {
  // What the desktop app derives from the hardware; here from the host's name and platform.
  fingerprint: values.fingerprint ?? createHash('sha256').update(`${hostname()}|${platform()}|${arch()}`).digest('hex').slice(0, 32),
  hostname: values.hostname ?? hostname(),
  client_version: 'cli-1.0.0',
  os: `${platform()} ${release()}`,
};

const session = (): Session => JSON.parse(readFileSync(values.session, 'utf8')) as Session;
const print = (value: unknown) => console.log(JSON.stringify(value, null, 2));
const licenseId = () => {
  const id = Number(positionals[1]);
  if (!Number.isInteger(id) || id <= 0) throw new Error('Give the license id');
  return id;
};

/** Prints the answer to a reservation or renewal, and keeps its signed lease in --save. */
const saved = (answer: ReserveAnswer) => {
  if (values.save) writeFileSync(values.save, JSON.stringify(answer.reservation));
  print(answer);
};

const [command] = positionals;
try {
  switch (command) {
    case 'signin': {
      if (!values.user || !values.password) throw new Error('signin needs --user and --password');
      writeFileSync(values.session, JSON.stringify(await signIn(values.portal, values.user, values.password, values.totp)), { mode: 0o600 });
      console.log(`Signed in as ${values.user}`);
      break;
    }
    case 'list':
      print(await listLicenses(session(), machine));
      break;
    case 'reserve':
      saved(await reserveLicense(session(), licenseId(), machine, values.takeover));
      break;
    case 'renew':
      saved(await renewLicense(session(), licenseId(), machine));
      break;
    case 'return':
      print(await returnLicense(session(), licenseId(), machine.fingerprint));
      break;
    case 'register': {
      const uid = positionals[1];
      if (!uid) throw new Error('Give the unit uid');
      print(await registerProduct(session(), uid));
      break;
    }
    case 'key': {
      // Information only: whether this client already trusts the key the portal names.
      const key = await signingKey(values.portal);
      if (values.save) writeFileSync(values.save, JSON.stringify(key));
      const trusted = trustedKeys({ keysFile: values.keys }).some((known) => known.key_id === key.key_id && known.public_key.trim() === key.public_key.trim());
      print({ ...key, trusted });
      break;
    }
    case 'verify': {
      const file = positionals[1];
      if (!file) throw new Error('Give the file of a saved reservation');
      const now = values.now === undefined ? new Date() : new Date(values.now);
      if (Number.isNaN(now.getTime())) throw new Error('--now must be a time (ISO 8601)');
      print(verifyReservation(JSON.parse(readFileSync(file, 'utf8')), trustedKeys({ keysFile: values.keys }), { machine, now }));
      break;
    }
    default:
      throw new Error('Commands: signin, list, reserve ID, renew ID, return ID, register UID, verify FILE, key');
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
