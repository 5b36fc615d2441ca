/**
 * Reading a production file of produced units (`npm run import:devices -- FILE`): CSV or JSON, checked
 * whole before anything is written, each problem reported with its line. The formats are in
 * docs/operations.md, "Produced hardware and registered products". Pure: the repository writes what this returns.
 */
import { parseCsv } from '../../lib/csv';

export interface CertificateInput {
  created: string;
  serial_no: string;
  ean: string;
  cert: string;
}
export interface CalibrationInput {
  created: string;
  calibration: string;
}
export interface DeviceInput {
  uid: string;
  serial_no: string;
  product_id: string;
  hardware_version: string;
  ems_id: string;
  ean: string;
  certificates: CertificateInput[];
  calibration: CalibrationInput[];
  /** The line of the file the unit starts on (its first row in CSV), to report a problem of it at. */
  line?: number;
}
export interface ImportProblem {
  /** 1-based line of the file where the bad row (CSV) or unit (JSON) starts. */
  line: number;
  message: string;
}
export type ImportReading = { devices: DeviceInput[]; problems: ImportProblem[] };

export const DEVICE_COLUMNS = ['uid', 'serial_no', 'product_id', 'hardware_version', 'ems_id', 'ean'] as const;
export const CSV_EVENT_COLUMNS = ['certificate_created', 'cert', 'calibration_created', 'calibration'] as const;

/** Uids are case-insensitive: a file's uid is stored in upper case (as unitUidSchema reads one). */
const UID = /^[\w.:-]{1,64}$/;
/** A date (YYYY-MM-DD) or an ISO 8601 time. */
const TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const MAX_TEXT = 200;
const MAX_PAYLOAD = 20_000;
const EAN = /^\d{8,14}$/;
/**
 * The most a unit may hold once a file is merged into it, in bytes of UTF-8 JSON: DynamoDB refuses an
 * item over 400 KB (409,600 bytes, names and values), and JSON counts a little more than DynamoDB does
 * (quotes, braces), so this leaves room for the keys and the rest. A unit past it is a bad unit of the file.
 */
export const MAX_DEVICE_BYTES = 350_000;

type Fields = Record<string, unknown>;

/** The problems of one unit's own fields (the same rules for CSV and JSON). */
function deviceProblems(fields: Fields): string[] {
  const problems: string[] = [];
  for (const name of DEVICE_COLUMNS) {
    const value = fields[name];
    if (typeof value !== 'string' || value.trim() === '') problems.push(`${name} is required`);
    else if (value.length > MAX_TEXT) problems.push(`${name} is longer than ${MAX_TEXT} characters`);
  }
  if (typeof fields.uid === 'string' && fields.uid.trim() !== '' && !UID.test(fields.uid.trim())) {
    problems.push('uid must be letters, digits, . _ : or - (at most 64)');
  }
  if (typeof fields.ean === 'string' && fields.ean.trim() !== '' && !EAN.test(fields.ean.trim())) {
    problems.push('ean must be 8 to 14 digits');
  }
  return problems;
}

/** A JSON certificate's own serial_no or ean (absent or empty: the unit's), by the unit's rules for it. */
function overrideProblem(name: string, value: unknown, rule?: { test: RegExp; message: string }): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return `${name} must be text`;
  if (value.trim() === '') return null;
  if (value.length > MAX_TEXT) return `${name} is longer than ${MAX_TEXT} characters`;
  return rule && !rule.test.test(value.trim()) ? `${name} ${rule.message}` : null;
}

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A certificate or calibration entry of a JSON unit that is not an object, or has other fields. */
function entryShapeProblem(name: string, entry: unknown, allowed: readonly string[]): string | null {
  if (!isFields(entry)) return `${name} must be an object`;
  const extra = Object.keys(entry).filter((key) => !allowed.includes(key));
  return extra.length ? `${name}: unknown field ${extra.join(', ')}` : null;
}

const timeProblem = (name: string, value: unknown) =>
  typeof value !== 'string' || !TIME.test(value.trim()) ? `${name} must be a date (YYYY-MM-DD) or an ISO 8601 time` : null;
const payloadProblem = (name: string, value: unknown) =>
  typeof value !== 'string' || value.trim() === '' ? `${name} is required` : value.length > MAX_PAYLOAD ? `${name} is longer than ${MAX_PAYLOAD} characters` : null;

const deviceOf = (fields: Fields, line: number): DeviceInput => ({
  uid: String(fields.uid).trim().toUpperCase(),
  serial_no: String(fields.serial_no).trim(),
  product_id: String(fields.product_id).trim(),
  hardware_version: String(fields.hardware_version).trim(),
  ems_id: String(fields.ems_id).trim(),
  ean: String(fields.ean).trim(),
  certificates: [],
  calibration: [],
  line,
});

const sameDevice = (a: DeviceInput, b: DeviceInput) => DEVICE_COLUMNS.every((name) => a[name] === b[name]);

/**
 * A CSV file: a header row naming the columns (any order: uid, serial_no, product_id, hardware_version,
 * ems_id, ean, and optionally certificate_created, cert, calibration_created, calibration), then one row
 * per unit or per event of a unit; rows of the same uid must agree on the unit's fields, and add their
 * certificate (cert) and calibration to it.
 */
export function readDevicesCsv(text: string): ImportReading {
  const records = parseCsv(text);
  const problems: ImportProblem[] = [];
  const [header, ...rows] = records;
  if (!header) return { devices: [], problems: [{ line: 1, message: 'The file is empty' }] };
  const names = header.cells.map((cell) => cell.trim().toLowerCase());
  const twice = [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
  if (twice.length) {
    return { devices: [], problems: [{ line: header.line, message: `Header: ${twice.map((name) => `Column ${name || '(empty)'} appears twice`).join('; ')}` }] };
  }
  const known = new Set<string>([...DEVICE_COLUMNS, ...CSV_EVENT_COLUMNS]);
  const unknown = names.filter((name) => !known.has(name));
  const missing = DEVICE_COLUMNS.filter((name) => !names.includes(name));
  if (unknown.length || missing.length) {
    const parts = [missing.length ? `missing column ${missing.join(', ')}` : '', unknown.length ? `unknown column ${unknown.join(', ')}` : ''];
    return { devices: [], problems: [{ line: header.line, message: `Header: ${parts.filter(Boolean).join('; ')}` }] };
  }
  const byUid = new Map<string, DeviceInput>();
  for (const { line, cells } of rows) {
    if (cells.length !== names.length) {
      problems.push({ line, message: `Expected ${names.length} columns, found ${cells.length}` });
      continue;
    }
    const fields: Record<string, string> = Object.fromEntries(names.map((name, index) => [name, cells[index]!]));
    const rowProblems = deviceProblems(fields);
    const cert = fields.cert?.trim() ?? '';
    const calibration = fields.calibration?.trim() ?? '';
    if (cert) rowProblems.push(...[timeProblem('certificate_created', fields.certificate_created), payloadProblem('cert', cert)].filter((p) => p !== null));
    else if (fields.certificate_created?.trim()) rowProblems.push('certificate_created is given without cert');
    if (calibration) rowProblems.push(...[timeProblem('calibration_created', fields.calibration_created), payloadProblem('calibration', calibration)].filter((p) => p !== null));
    else if (fields.calibration_created?.trim()) rowProblems.push('calibration_created is given without calibration');
    if (rowProblems.length) {
      problems.push({ line, message: rowProblems.join('; ') });
      continue;
    }
    const device = deviceOf(fields, line);
    const earlier = byUid.get(device.uid);
    if (earlier && !sameDevice(earlier, device)) {
      problems.push({ line, message: `uid ${device.uid}: the unit's fields differ from an earlier row of it` });
      continue;
    }
    const target = earlier ?? device;
    if (cert) target.certificates.push({ created: fields.certificate_created!.trim(), serial_no: device.serial_no, ean: device.ean, cert });
    if (calibration) target.calibration.push({ created: fields.calibration_created!.trim(), calibration });
    byUid.set(device.uid, target);
  }
  if (!rows.length && !problems.length) problems.push({ line: header.line, message: 'The file has a header but no units' });
  return { devices: [...byUid.values()], problems };
}

/** The line each top-level array element starts on (JSON.parse does not say), skipping strings. */
function elementLines(text: string): number[] {
  const lines: number[] = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  let expecting = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\n') line++;
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
      continue;
    }
    if (/\s/.test(char)) continue;
    if (depth === 1 && expecting) {
      lines.push(line);
      expecting = false;
    }
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth++;
      if (depth === 1) expecting = true;
    } else if (char === ']' || char === '}') depth--;
    else if (char === ',' && depth === 1) expecting = true;
  }
  return lines;
}

const CERTIFICATE_FIELDS = ['created', 'cert', 'serial_no', 'ean'] as const;
const CALIBRATION_FIELDS = ['created', 'calibration'] as const;

/**
 * A JSON file: an array of units, each `{uid, serial_no, product_id, hardware_version, ems_id, ean,
 * certificates?: [{created, serial_no?, ean?, cert}], calibration?: [{created, calibration}]}`; a
 * certificate's serial_no and ean default to the unit's.
 */
export function readDevicesJson(text: string): ImportReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { devices: [], problems: [{ line: 1, message: `Not valid JSON: ${(error as Error).message}` }] };
  }
  if (!Array.isArray(parsed)) return { devices: [], problems: [{ line: 1, message: 'The file must be a JSON array of units' }] };
  if (!parsed.length) return { devices: [], problems: [{ line: 1, message: 'The file has no units' }] };
  const lines = elementLines(text);
  const problems: ImportProblem[] = [];
  const byUid = new Map<string, DeviceInput>();
  const allowed = new Set<string>([...DEVICE_COLUMNS, 'certificates', 'calibration']);
  parsed.forEach((element: unknown, index) => {
    const line = lines[index] ?? 1;
    if (!isFields(element)) {
      problems.push({ line, message: `Unit ${index + 1} must be an object` });
      return;
    }
    const fields = element;
    const found = deviceProblems(fields);
    const extra = Object.keys(fields).filter((name) => !allowed.has(name));
    if (extra.length) found.push(`unknown field ${extra.join(', ')}`);
    const certificates = fields.certificates ?? [];
    const calibration = fields.calibration ?? [];
    if (!Array.isArray(certificates)) found.push('certificates must be an array');
    else
      certificates.forEach((entry: unknown, n) => {
        const name = `certificates[${n}]`;
        const cert = isFields(entry) ? entry : {};
        for (const problem of [
          entryShapeProblem(name, entry, CERTIFICATE_FIELDS),
          timeProblem(`${name}.created`, cert.created),
          payloadProblem(`${name}.cert`, cert.cert),
          overrideProblem(`${name}.serial_no`, cert.serial_no),
          overrideProblem(`${name}.ean`, cert.ean, { test: EAN, message: 'must be 8 to 14 digits' }),
        ]) {
          if (problem) found.push(problem);
        }
      });
    if (!Array.isArray(calibration)) found.push('calibration must be an array');
    else
      calibration.forEach((entry: unknown, n) => {
        const name = `calibration[${n}]`;
        const cal = isFields(entry) ? entry : {};
        for (const problem of [entryShapeProblem(name, entry, CALIBRATION_FIELDS), timeProblem(`${name}.created`, cal.created), payloadProblem(`${name}.calibration`, cal.calibration)]) {
          if (problem) found.push(problem);
        }
      });
    if (found.length) {
      problems.push({ line, message: `Unit ${index + 1}: ${found.join('; ')}` });
      return;
    }
    const device = deviceOf(fields, line);
    if (byUid.has(device.uid)) {
      problems.push({ line, message: `Unit ${index + 1}: uid ${device.uid} appears twice in the file` });
      return;
    }
    device.certificates = (certificates as Fields[]).map((cert) => ({
      created: String(cert.created).trim(),
      serial_no: typeof cert.serial_no === 'string' && cert.serial_no.trim() ? cert.serial_no.trim() : device.serial_no,
      ean: typeof cert.ean === 'string' && cert.ean.trim() ? cert.ean.trim() : device.ean,
      cert: String(cert.cert).trim(),
    }));
    device.calibration = (calibration as Fields[]).map((cal) => ({ created: String(cal.created).trim(), calibration: String(cal.calibration).trim() }));
    byUid.set(device.uid, device);
  });
  return { devices: [...byUid.values()], problems };
}

/** A file by its name: `.json` is JSON, anything else CSV. */
export const readDevicesFile = (name: string, text: string): ImportReading =>
  /\.json$/i.test(name) ? readDevicesJson(text) : readDevicesCsv(text);

const certKey = (cert: CertificateInput) => `${cert.created}\u0000${cert.cert}`;
const calibrationKey = (cal: CalibrationInput) => `${cal.created}\u0000${cal.calibration}`;

/**
 * The stored entries and those of the file's that are not among them (by `key`). An entry the file
 * repeats is added once, as one it repeats of what is stored is not added at all.
 */
function withNewEntries<E>(stored: readonly E[], incoming: readonly E[], key: (entry: E) => string): E[] {
  const entries = [...stored];
  const keys = new Set(entries.map(key));
  for (const entry of incoming) {
    if (keys.has(key(entry))) continue;
    keys.add(key(entry));
    entries.push(entry);
  }
  return entries;
}

/**
 * A stored unit merged with what a file says of it: the unit's fields as the file has them (production
 * corrects them), certificates and calibrations added when not already there, in time order. `changed`
 * is false when the file adds nothing, so importing a file again writes nothing.
 */
export function mergeDevice<T extends DeviceInput>(stored: T, incoming: DeviceInput): { merged: T; changed: boolean } {
  const certificates = withNewEntries(stored.certificates, incoming.certificates, certKey);
  const calibration = withNewEntries(stored.calibration, incoming.calibration, calibrationKey);
  const fieldsChanged = DEVICE_COLUMNS.some((name) => stored[name] !== incoming[name]);
  const changed = fieldsChanged || certificates.length !== stored.certificates.length || calibration.length !== stored.calibration.length;
  const byTime = <E extends { created: string }>(list: E[]) => list.sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
  const merged = { ...stored, ...Object.fromEntries(DEVICE_COLUMNS.map((name) => [name, incoming[name]])), certificates: byTime(certificates), calibration: byTime(calibration) };
  return { merged: merged as T, changed };
}

/** A unit the file makes anew: its own fields, nothing stored yet (the line it starts on left out). */
export const newUnitOf = (input: DeviceInput): DeviceInput => ({
  ...(Object.fromEntries(DEVICE_COLUMNS.map((name) => [name, input[name]])) as Pick<DeviceInput, (typeof DEVICE_COLUMNS)[number]>),
  certificates: [],
  calibration: [],
});

/** A unit's size as JSON in UTF-8 bytes: a little above what DynamoDB counts of the item. */
export const deviceBytes = (unit: object): number => Buffer.byteLength(JSON.stringify(unit), 'utf8');

/**
 * The units of a file that would be too large to store once merged into what is stored of them
 * (`stored`: by uid, null for a new unit): each one a problem at the line its unit starts on. Checked
 * before anything is written, so a file with such a unit writes nothing.
 */
export function oversizedUnits(devices: readonly DeviceInput[], stored: ReadonlyMap<string, DeviceInput | null>): ImportProblem[] {
  const problems: ImportProblem[] = [];
  for (const input of devices) {
    const { merged } = mergeDevice(stored.get(input.uid) ?? newUnitOf(input), input);
    const bytes = deviceBytes(merged);
    if (bytes <= MAX_DEVICE_BYTES) continue;
    const { certificates, calibration } = merged;
    problems.push({
      line: input.line ?? 1,
      message:
        `uid ${input.uid}: with what is stored of it the unit would hold ${certificates.length} certificate(s) and ` +
        `${calibration.length} calibration(s), ${bytes} bytes; a unit holds at most ${MAX_DEVICE_BYTES} bytes`,
    });
  }
  return problems.sort((a, b) => a.line - b.line);
}
