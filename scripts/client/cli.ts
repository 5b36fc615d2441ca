/**
 * `npm run client -- <command> [options]`: the desktop app's side of the seat protocol, on the command
 * line. It is the protocol's living documentation (see protocol.ts) and the tests use it.
 *
 *   signin  --user U --password P [--totp SECRET]     keeps the session in --session (default .client-session.json)
 *   list [--json]                                     the licenses this machine may use, as a table (--json: as the portal answers)
 *   reserve ID [--takeover] [--borrow DAYS] [--save FILE] [--json]
 *                                                     takes the seat (the user's choice); saves the signed lease;
 *                                                     prints the license and the lease's end (--json: the portal's answer)
 *   renew   ID [--save FILE] [--json]                 renews the lease of the seat this machine holds, as the app does
 *                                                     while online; refused once the seat was returned or taken over
 *   return  ID [--json]                               gives the seat back
 *   verify  FILE [--keys FILE] [--now ISO] [--json]   checks a saved reservation offline, with the trusted keys only
 *   key     [--save FILE] [--json]                    the key the portal says it signs with (information; says if trusted)
 *   register UID [--json]                             registers the connected unit UID to the signed-in user
 *   offline-request ID [--out FILE] [--replace]       without network: writes this machine's request (a file, and the text)
 *   offline-status                                    the outstanding request and the offline lease this machine holds
 *   offline-withdraw                                  forgets the outstanding request
 *   offline-activate FILE [--keys FILE]               takes the lease file the portal gave for the request (checked offline)
 *   offline-return [--out FILE]                       ends the offline lease; prints the return code to enter in the portal
 *
 * Common: --portal URL (default http://localhost:3000), --fingerprint, --hostname (default: this machine).
 * Trusted keys (trusted-keys.ts): the production portal's, committed, plus --keys FILE, or else the local
 * stack's ($LOCAL_DATA_DIR or .local/license-keys.json). verify never asks the portal for a key.
 *
 * A failure is one line on stderr (no stack trace): exit code 2 for a wrong command line, 1 for anything
 * else (not signed in, a portal that cannot be reached or refuses, a reservation that does not verify).
 */
// First: the SDK's Node version reminder is noise to the CLI's user (env-defaults.ts).
import '../local/env-defaults';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { arch, hostname, platform, release } from 'node:os';
import { parseArgs } from 'node:util';
import { BORROW_MAX_DAYS, type Machine } from '../../shared/licenses/seat';
import { describeFailure, NotSignedInError, UsageError } from './cli-errors';
import { keyText, leaseText, registeredText, returnText, verifiedText } from './answer-text';
import { licenseTable } from './license-table';
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
import {
  activateOfflineLease,
  makeOfflineRequest,
  newMachineKey,
  offlineReturnCode,
  withdrawOfflineRequest,
  type MachineKeyFile,
  type OfflineState,
} from './offline';
import { offlineStatusText } from './answer-text';

const USAGE = `Usage: npm run client -- <command> [options]

The desktop app's side of the seat protocol, on the command line.

Commands:
  signin --user NAME --password PASSWORD [--totp SECRET]
                           sign in; the session is kept in --session
  list [--json]            the licenses this machine may use, as a table (--json: as the portal answers)
  reserve ID [--takeover] [--borrow DAYS] [--save FILE] [--json]
                           take the license's seat for this machine; prints when the lease ends;
                           --save keeps the signed lease; --borrow takes a floating license's seat
                           along for DAYS (at most 7; give it back early with return)
  renew ID [--save FILE] [--json]
                           renew the lease of the seat this machine holds
  return ID [--json]       give the seat back
  register UID [--json]    register the connected unit UID to the signed-in user
  verify FILE [--keys FILE] [--now ISO] [--json]
                           check a saved lease offline, with the trusted keys only
  key [--save FILE] [--json]
                           the key the portal says it signs with (information; says if trusted)

Without network (the offline seat: nothing below reaches the portal):
  offline-request ID [--out FILE] [--replace]
                           write this machine's request for license ID (--out, default offline-request.txt)
                           and print its text; bring either to the portal (Licenses, Offline activation)
  offline-status           the outstanding request and the lease this machine holds
  offline-withdraw         forget the outstanding request (withdraw it in the portal too)
  offline-activate FILE [--keys FILE]
                           take the lease file the portal gave, checked with the trusted keys
  offline-return [--out FILE]
                           end the lease and print the return code; enter it in the portal to free the seat

Options:
  --portal URL             the portal (default http://localhost:3000)
  --session FILE           where the session is kept (default .client-session.json)
  --fingerprint TEXT       this machine's fingerprint (default: from the host's name and platform)
  --hostname NAME          this machine's name (default: the host's)
  --json                   the answer as JSON (as the portal gave it), for scripts
  --machine-key FILE       this machine's own key for offline seats (default .client-machine-key.json; made once)
  --offline FILE           this machine's offline request and lease (default .client-offline.json)
  -h, --help               this text`;

const COMMANDS = [
  'signin',
  'list',
  'reserve',
  'renew',
  'return',
  'register',
  'verify',
  'key',
  'offline-request',
  'offline-status',
  'offline-withdraw',
  'offline-activate',
  'offline-return',
] as const;

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      help: { type: 'boolean', short: 'h', default: false },
      json: { type: 'boolean', default: false },
      portal: { type: 'string', default: 'http://localhost:3000' },
      session: { type: 'string', default: '.client-session.json' },
      user: { type: 'string' },
      password: { type: 'string' },
      totp: { type: 'string' },
      fingerprint: { type: 'string' },
      hostname: { type: 'string' },
      takeover: { type: 'boolean', default: false },
      borrow: { type: 'string' },
      save: { type: 'string' },
      keys: { type: 'string' },
      now: { type: 'string' },
      out: { type: 'string' },
      replace: { type: 'boolean', default: false },
      'machine-key': { type: 'string', default: '.client-machine-key.json' },
      offline: { type: 'string', default: '.client-offline.json' },
    },
  });
}

type Values = ReturnType<typeof parse>['values'];

/** The session kept by signin; none (or a file that is not one) means the user has not signed in. */
function readSession(file: string): Session {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new NotSignedInError(`Not signed in (no session in ${file})`);
  }
  try {
    const session = JSON.parse(text) as Partial<Session>;
    if (typeof session.portal === 'string' && typeof session.accessToken === 'string') return session as Session;
  } catch {
    // Told below.
  }
  throw new NotSignedInError(`${file} is not a session`);
}

/** A JSON file the user named, read with a clear line when it is missing or not JSON. */
function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`Cannot read ${file}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${file} is not JSON`);
  }
}

const print = (value: unknown) => console.log(JSON.stringify(value, null, 2));

async function run(command: string, positionals: string[], values: Values): Promise<void> {
  const machine: Machine = {
    // What the desktop app derives from the hardware; here from the host's name and platform.
    fingerprint: values.fingerprint ?? createHash('sha256').update(`${hostname()}|${platform()}|${arch()}`).digest('hex').slice(0, 32),
    hostname: values.hostname ?? hostname(),
    client_version: 'cli-1.0.0',
    os: `${platform()} ${release()}`,
  };
  const session = () => readSession(values.session);
  const licenseId = () => {
    const given = positionals[1];
    if (given === undefined) throw new UsageError(`${command} needs the license id`);
    const id = Number(given);
    if (!/^\d+$/.test(given) || !Number.isSafeInteger(id) || id <= 0) throw new UsageError(`"${given}" is not a license id (a whole number)`);
    return id;
  };
  /** Prints an answer for a person, or as the portal gave it with --json (for scripts). */
  const answer = <T>(data: T, text: (data: T) => string) => (values.json ? print(data) : console.log(text(data)));
  /** Prints the answer to a reservation or renewal, and keeps its signed lease in --save. */
  const saved = (reserved: ReserveAnswer, how: 'reserved' | 'renewed') => {
    if (values.save) writeFileSync(values.save, JSON.stringify(reserved.reservation));
    answer(reserved, (data) => leaseText(data, how, values.save));
  };

  switch (command) {
    case 'signin': {
      if (!values.user || !values.password) throw new UsageError('signin needs --user and --password');
      writeFileSync(values.session, JSON.stringify(await signIn(values.portal, values.user, values.password, values.totp)), { mode: 0o600 });
      console.log(`Signed in as ${values.user}`);
      return;
    }
    case 'list': {
      const licenses = await listLicenses(session(), machine);
      if (values.json) print(licenses);
      else console.log(licenseTable(licenses, machine.fingerprint));
      return;
    }
    // The command line is checked before the session: a wrong one is told as such, signed in or not.
    case 'reserve': {
      const id = licenseId();
      const borrow = values.borrow === undefined ? undefined : Number(values.borrow);
      if (borrow !== undefined && !(Number.isInteger(borrow) && borrow >= 1 && borrow <= BORROW_MAX_DAYS)) throw new UsageError(`--borrow takes 1 to ${BORROW_MAX_DAYS} days`);
      return saved(await reserveLicense(session(), id, machine, values.takeover, borrow), 'reserved');
    }
    case 'renew': {
      const id = licenseId();
      return saved(await renewLicense(session(), id, machine), 'renewed');
    }
    case 'return': {
      const id = licenseId();
      return answer(await returnLicense(session(), id, machine.fingerprint), returnText);
    }
    case 'register': {
      const uid = positionals[1];
      if (!uid) throw new UsageError('register needs the unit uid');
      return answer(await registerProduct(session(), uid), registeredText);
    }
    case 'key': {
      // Information only: whether this client already trusts the key the portal names.
      const key = await signingKey(values.portal);
      if (values.save) writeFileSync(values.save, JSON.stringify(key));
      const trusted = trustedKeys({ keysFile: values.keys }).some((known) => known.key_id === key.key_id && known.public_key.trim() === key.public_key.trim());
      return answer({ ...key, trusted }, keyText);
    }
    case 'verify': {
      const file = positionals[1];
      if (!file) throw new UsageError('verify needs the file of a saved reservation');
      const now = values.now === undefined ? new Date() : new Date(values.now);
      if (Number.isNaN(now.getTime())) throw new UsageError('--now must be a time (ISO 8601)');
      return answer(verifyReservation(readJsonFile(file), trustedKeys({ keysFile: values.keys }), { machine, now }), verifiedText);
    }
    case 'offline-request':
    case 'offline-status':
    case 'offline-withdraw':
    case 'offline-activate':
    case 'offline-return':
      return offlineCommand(command, positionals, values, machine, licenseId);
    default:
      throw new UsageError(`Unknown command "${command}": the commands are ${COMMANDS.join(', ')}`);
  }
}

/** The machine's own key, made on first use and kept (readable by its user only). */
function machineKey(file: string): MachineKeyFile {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as MachineKeyFile;
  } catch {
    const key = newMachineKey();
    writeFileSync(file, JSON.stringify(key), { mode: 0o600 });
    return key;
  }
}

function readOfflineState(file: string): OfflineState {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as OfflineState;
  } catch {
    return {};
  }
}

/** The offline seat's commands: they read and write only this machine's files, never the network. */
function offlineCommand(command: string, positionals: string[], values: Values, machine: Machine, licenseId: () => number): void {
  const state = readOfflineState(values.offline);
  const keep = (next: OfflineState) => writeFileSync(values.offline, JSON.stringify(next), { mode: 0o600 });
  const now = values.now === undefined ? new Date() : new Date(values.now);
  switch (command) {
    case 'offline-request': {
      const id = licenseId();
      const made = makeOfflineRequest(state, id, machine, machineKey(values['machine-key']), { now, replace: values.replace });
      const out = values.out ?? 'offline-request.txt';
      writeFileSync(out, `${made.text}\n`);
      keep(made.state);
      console.log(`Request for license ${id} written to ${out}. Bring the file or this text to the portal (Licenses, Offline activation):\n${made.text}`);
      return;
    }
    case 'offline-status':
      console.log(offlineStatusText(state, now));
      return;
    case 'offline-withdraw':
      keep(withdrawOfflineRequest(state));
      console.log('The outstanding request is withdrawn here: withdraw it in the portal too if it was brought there');
      return;
    case 'offline-activate': {
      const file = positionals[1];
      if (!file) throw new UsageError('offline-activate needs the lease file the portal gave');
      const activated = activateOfflineLease(state, readJsonFile(file), trustedKeys({ keysFile: values.keys }), machine, now);
      keep(activated.state);
      console.log(`License ${activated.reservation.license_id} is this machine's until ${activated.reservation.not_after} (offline lease)`);
      return;
    }
    case 'offline-return': {
      const returned = offlineReturnCode(state, machine, machineKey(values['machine-key']), now);
      if (values.out) writeFileSync(values.out, `${returned.text}\n`);
      keep(returned.state);
      console.log(`The lease ended on this machine. Enter this return code in the portal (Licenses, Offline activation) to free the seat:\n${returned.text}`);
      return;
    }
  }
}

/** Runs the command line; answers the exit code. */
async function main(args: string[]): Promise<number> {
  try {
    const { values, positionals } = parse(args);
    const [command] = positionals;
    if (values.help || command === 'help') {
      console.log(USAGE);
      return 0;
    }
    if (!command) throw new UsageError('Give a command');
    await run(command, positionals, values);
    return 0;
  } catch (error) {
    const { line, exitCode } = describeFailure(error);
    console.error(line);
    return exitCode;
  }
}

process.exitCode = await main(process.argv.slice(2));
