/**
 * Reading a production file of produced units (`npm run import:devices -- FILE`): CSV or JSON, checked
 * whole before anything is written, each problem reported with its line. The formats are in the README
 * (Produced hardware import). Pure: the repository writes what this returns.
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
}
export interface ImportProblem {
  /** 1-based line of the file where the bad row (CSV) or unit (JSON) starts. */
  line: number;
  message: string;
}
export type ImportReading = { devices: DeviceInput[]; problems: ImportProblem[] };

export const DEVICE_COLUMNS = ['uid', 'serial_no', 'product_id', 'hardware_version', 'ems_id', 'ean'] as const;
export const CSV_EVENT_COLUMNS = ['certificate_created', 'cert', 'calibration_created', 'calibration'] as const;

const UID = /^[\w.:-]{1,64}$/;
/** A date (YYYY-MM-DD) or an ISO 8601 time. */
const TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const MAX_TEXT = 200;
const MAX_PAYLOAD = 20_000;

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
  if (typeof fields.ean === 'string' && fields.ean.trim() !== '' && !/^\d{8,14}$/.test(fields.ean.trim())) {
    problems.push('ean must be 8 to 14 digits');
  }
  return problems;
}

const timeProblem = (name: string, value: unknown) =>
  typeof value !== 'string' || !TIME.test(value.trim()) ? `${name} must be a date (YYYY-MM-DD) or an ISO 8601 time` : null;
const payloadProblem = (name: string, value: unknown) =>
  typeof value !== 'string' || value.trim() === '' ? `${name} is required` : value.length > MAX_PAYLOAD ? `${name} is longer than ${MAX_PAYLOAD} characters` : null;

const deviceOf = (fields: Fields): DeviceInput => ({
  uid: String(fields.uid).trim(),
  serial_no: String(fields.serial_no).trim(),
  product_id: String(fields.product_id).trim(),
  hardware_version: String(fields.hardware_version).trim(),
  ems_id: String(fields.ems_id).trim(),
  ean: String(fields.ean).trim(),
  certificates: [],
  calibration: [],
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
    const device = deviceOf(fields);
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
    if (typeof element !== 'object' || element === null || Array.isArray(element)) {
      problems.push({ line, message: `Unit ${index + 1} must be an object` });
      return;
    }
    const fields = element as Fields;
    const found = deviceProblems(fields);
    const extra = Object.keys(fields).filter((name) => !allowed.has(name));
    if (extra.length) found.push(`unknown field ${extra.join(', ')}`);
    const certificates = fields.certificates ?? [];
    const calibration = fields.calibration ?? [];
    if (!Array.isArray(certificates)) found.push('certificates must be an array');
    else
      certificates.forEach((entry: Fields, n) => {
        const cert = entry && typeof entry === 'object' ? entry : {};
        for (const problem of [timeProblem(`certificates[${n}].created`, cert.created), payloadProblem(`certificates[${n}].cert`, cert.cert)]) {
          if (problem) found.push(problem);
        }
      });
    if (!Array.isArray(calibration)) found.push('calibration must be an array');
    else
      calibration.forEach((entry: Fields, n) => {
        const cal = entry && typeof entry === 'object' ? entry : {};
        for (const problem of [timeProblem(`calibration[${n}].created`, cal.created), payloadProblem(`calibration[${n}].calibration`, cal.calibration)]) {
          if (problem) found.push(problem);
        }
      });
    if (found.length) {
      problems.push({ line, message: `Unit ${index + 1}: ${found.join('; ')}` });
      return;
    }
    const device = deviceOf(fields);
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
 * A stored unit merged with what a file says of it: the unit's fields as the file has them (production
 * corrects them), certificates and calibrations added when not already there, in time order. `changed`
 * is false when the file adds nothing, so importing a file again writes nothing.
 */
export function mergeDevice<T extends DeviceInput>(stored: T, incoming: DeviceInput): { merged: T; changed: boolean } {
  const certificates = [...stored.certificates];
  const certKeys = new Set(certificates.map(certKey));
  for (const cert of incoming.certificates) if (!certKeys.has(certKey(cert))) certificates.push(cert);
  const calibration = [...stored.calibration];
  const calKeys = new Set(calibration.map(calibrationKey));
  for (const cal of incoming.calibration) if (!calKeys.has(calibrationKey(cal))) calibration.push(cal);
  const fieldsChanged = DEVICE_COLUMNS.some((name) => stored[name] !== incoming[name]);
  const changed = fieldsChanged || certificates.length !== stored.certificates.length || calibration.length !== stored.calibration.length;
  const byTime = <E extends { created: string }>(list: E[]) => list.sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
  const merged = { ...stored, ...Object.fromEntries(DEVICE_COLUMNS.map((name) => [name, incoming[name]])), certificates: byTime(certificates), calibration: byTime(calibration) };
  return { merged: merged as T, changed };
}
