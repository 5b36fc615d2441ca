import {
  FORMULA_START,
  IV_CURVE_MAX_POINTS,
  IV_CURVE_MAX_TEXT,
  IV_CURVE_MIN_POINTS,
  IV_CURVE_UNITS,
  ivCurveMessages,
  type IvCurveUnit,
} from '../../../shared/iv-curves/iv-curves';
import { parseCsv } from '../../lib/csv';

/**
 * Reading an uploaded IV curve file (docs/files.md, "IV curve files"; decision 024). Pure: the handler stores
 * what this returns, and nothing when it finds a problem.
 *
 * ```csv
 * manufacturer,Acme Solar
 * model,SC-100
 * unit,mA
 * voltage,current
 * 0,52.1
 * 0.5,0
 * ```
 */
export interface IvCurveFile {
  manufacturer: string;
  model: string;
  /** The unit of the current values; voltages are in volts. */
  unit: IvCurveUnit;
  /** (voltage, current) pairs in the file's order. */
  points: [number, number][];
}

export type CurveReading = { curve: IvCurveFile } | { problem: string };

const PROPERTIES = ['manufacturer', 'model', 'unit'] as const;
/** A decimal number as spreadsheets and instruments write it: 12, -0.5, .5, 1e-3. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
/** µ (micro sign or Greek mu) is accepted for u. */
const normalizeUnit = (text: string) => text.replace(/^[\u00b5\u03bc]/, 'u');

const notACurve = (line: number | null, text: string) => ({ problem: ivCurveMessages.notACurve(line === null ? text : `line ${line}: ${text}`) });

function readNumber(cell: string | undefined): number | null {
  const text = cell?.trim() ?? '';
  if (!NUMBER.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * The curve an uploaded file holds, or the first problem that makes it none: not UTF-8 text, a property
 * missing, given twice or unknown, a manufacturer or model that starts like a spreadsheet formula, a unit other than A, mA, uA or nA, no `voltage,current` header, fewer
 * than two or too many points, a value that is not a finite number, or voltages that are not strictly
 * increasing or strictly decreasing. Problems name the line, never the file's content.
 */
export function readCurveFile(bytes: Uint8Array): CurveReading {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return notACurve(null, 'it is not UTF-8 text');
  }
  if (text.replace(/^\ufeff/, '').trim() === '') return { problem: ivCurveMessages.empty };
  if (text.includes('\0')) return notACurve(null, 'it is not text');

  const records = parseCsv(text);
  const properties = new Map<string, string>();
  let index = 0;
  for (; index < records.length; index++) {
    const { line, cells } = records[index]!;
    const name = cells[0]!.trim().toLowerCase();
    if (name === 'voltage') break;
    if (!(PROPERTIES as readonly string[]).includes(name)) {
      return notACurve(line, `expected ${PROPERTIES.filter((p) => !properties.has(p)).join(', ') || 'voltage,current'} (one name and its value per line)`);
    }
    if (properties.has(name)) return notACurve(line, `${name} is given twice`);
    if (cells.length !== 2) return notACurve(line, `${name} takes one value: ${name},value`);
    const value = cells[1]!.trim();
    if (value === '') return notACurve(line, `${name} is empty`);
    // Checked before trimming too: a leading tab is what some spreadsheets skip before a formula.
    if (name !== 'unit' && (FORMULA_START.test(value) || FORMULA_START.test(cells[1]!.replace(/^ +/, '')))) {
      return notACurve(line, ivCurveMessages.formulaStart(name));
    }
    if (value.length > IV_CURVE_MAX_TEXT) return notACurve(line, `${name} is longer than ${IV_CURVE_MAX_TEXT} characters`);
    properties.set(name, value);
  }
  const missing = PROPERTIES.filter((name) => !properties.has(name));
  const header = records[index];
  if (missing.length) return notACurve(header?.line ?? null, `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing before the points`);
  const unit = normalizeUnit(properties.get('unit')!);
  if (!(IV_CURVE_UNITS as readonly string[]).includes(unit)) {
    const unitLine = records.find((record) => record.cells[0]!.trim().toLowerCase() === 'unit')!.line;
    return notACurve(unitLine, `unit must be one of ${IV_CURVE_UNITS.join(', ')} (the unit of the current values)`);
  }
  if (!header) return notACurve(null, 'the header voltage,current and the points are missing');
  if (header.cells.length !== 2 || header.cells[1]!.trim().toLowerCase() !== 'current') {
    return notACurve(header.line, 'the header must be voltage,current');
  }

  const rows = records.slice(index + 1);
  if (rows.length < IV_CURVE_MIN_POINTS) return notACurve(null, `a curve has at least ${IV_CURVE_MIN_POINTS} points, this one ${rows.length}`);
  if (rows.length > IV_CURVE_MAX_POINTS) return notACurve(null, `a curve has at most ${IV_CURVE_MAX_POINTS} points, this one ${rows.length}`);
  const points: [number, number][] = [];
  let direction = 0;
  for (const { line, cells } of rows) {
    if (cells.length !== 2) return notACurve(line, 'a point is two numbers: voltage,current');
    const voltage = readNumber(cells[0]);
    if (voltage === null) return notACurve(line, 'the voltage is not a finite number');
    const current = readNumber(cells[1]);
    if (current === null) return notACurve(line, 'the current is not a finite number');
    const previous = points.at(-1);
    if (previous) {
      const step = Math.sign(voltage - previous[0]);
      if (step === 0 || (direction !== 0 && step !== direction)) {
        return notACurve(line, 'the voltages must rise (or fall) from point to point, without repeats');
      }
      direction = step;
    }
    points.push([voltage, current]);
  }
  return {
    curve: { manufacturer: properties.get('manufacturer')!, model: properties.get('model')!, unit: unit as IvCurveUnit, points },
  };
}
