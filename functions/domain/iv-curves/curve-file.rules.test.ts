import { describe, expect, it } from 'vitest';
import { IV_CURVE_MAX_POINTS, ivCurveMessages } from '../../../shared/iv-curves/iv-curves';
import { readCurveFile } from './curve-file.rules';

const bytes = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => readCurveFile(bytes(text));
const curve = (lines: string[]) => lines.join('\n');
const good = ['manufacturer,Acme Solar', 'model,SC-100', 'unit,mA', 'voltage,current', '0,52.1', '0.25,51.9', '0.5,0'];
const problemOf = (text: string) => {
  const reading = read(text);
  if (!('problem' in reading)) throw new Error(`read as a curve: ${text}`);
  return reading.problem;
};

describe('reading an IV curve file', () => {
  it('reads the manufacturer, model, unit and points', () => {
    expect(read(curve(good))).toEqual({
      curve: { manufacturer: 'Acme Solar', model: 'SC-100', unit: 'mA', points: [[0, 52.1], [0.25, 51.9], [0.5, 0]] },
    });
  });

  it('takes the properties in any order, names in any case, CRLF, a BOM, quoting, blank lines and numbers as instruments write them', () => {
    const text = '\ufeffUnit,uA\r\nMODEL,"SC-100, rev B"\r\n\r\nmanufacturer, Acme \r\nVoltage,Current\r\n-0.1,+1e3\r\n.5,-2.5E-1\r\n';
    expect(read(text)).toEqual({
      curve: { manufacturer: 'Acme', model: 'SC-100, rev B', unit: 'uA', points: [[-0.1, 1000], [0.5, -0.25]] },
    });
  });

  it('accepts falling voltages and µ for micro', () => {
    const reading = read(curve(['manufacturer,A', 'model,B', 'unit,µA', 'voltage,current', '1,0', '0.5,3', '0,4']));
    expect(reading).toMatchObject({ curve: { unit: 'uA', points: [[1, 0], [0.5, 3], [0, 4]] } });
  });

  it('calls an empty file empty, blank lines included', () => {
    expect(readCurveFile(new Uint8Array())).toEqual({ problem: ivCurveMessages.empty });
    expect(read('\n \r\n')).toEqual({ problem: ivCurveMessages.empty });
  });

  it('refuses a file that is not text', () => {
    expect(readCurveFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00]))).toEqual({ problem: ivCurveMessages.notACurve('it is not UTF-8 text') });
    expect(read('manufacturer,A\0')).toEqual({ problem: ivCurveMessages.notACurve('it is not text') });
  });

  it.each([
    ['a missing property', curve(good.filter((l) => !l.startsWith('model'))), 'line 3: model is missing before the points'],
    ['a property given twice', curve(['model,X', ...good]), 'line 3: model is given twice'],
    ['an unknown line before the points', curve(['colour,blue', ...good]), 'line 1: expected manufacturer, model, unit (one name and its value per line)'],
    ['a property with two values', curve(['manufacturer,A,B', ...good.slice(1)]), 'line 1: manufacturer takes one value: manufacturer,value'],
    ['an empty property', curve(['manufacturer, ', ...good.slice(1)]), 'line 1: manufacturer is empty'],
    ['a name that is too long', curve([`manufacturer,${'x'.repeat(101)}`, ...good.slice(1)]), 'line 1: manufacturer is longer than 100 characters'],
    ['a manufacturer that starts like a formula', curve(['manufacturer,=HYPERLINK("http://x")', ...good.slice(1)]), `line 1: ${ivCurveMessages.formulaStart('manufacturer')}`],
    ['a model that starts with +', curve([good[0]!, 'model,+1+2', ...good.slice(2)]), `line 2: ${ivCurveMessages.formulaStart('model')}`],
    ['a model that starts with -', curve([good[0]!, 'model, -2+3', ...good.slice(2)]), `line 2: ${ivCurveMessages.formulaStart('model')}`],
    ['a model that starts with @', curve([good[0]!, 'model,@SUM(A1)', ...good.slice(2)]), `line 2: ${ivCurveMessages.formulaStart('model')}`],
    ['a manufacturer that starts with a tab', curve(['manufacturer,\tAcme', ...good.slice(1)]), `line 1: ${ivCurveMessages.formulaStart('manufacturer')}`],
    ['a quoted model that starts with a carriage return', curve([good[0]!, 'model,"\r=1"', ...good.slice(2)]), `line 2: ${ivCurveMessages.formulaStart('model')}`],
    ['an unknown unit', curve(good.map((l) => (l === 'unit,mA' ? 'unit,kW' : l))), 'line 3: unit must be one of A, mA, uA, nA (the unit of the current values)'],
    ['no points at all', curve(good.slice(0, 3)), 'the header voltage,current and the points are missing'],
    ['a wrong header', curve([...good.slice(0, 3), 'voltage,power', '0,1', '1,2']), 'line 4: the header must be voltage,current'],
    ['a single point', curve([...good.slice(0, 4), '0,1']), 'a curve has at least 2 points, this one 1'],
    ['a point with three values', curve([...good, '0.75,1,2']), 'line 8: a point is two numbers: voltage,current'],
    ['a voltage that is not a number', curve([...good, 'abc,1']), 'line 8: the voltage is not a finite number'],
    ['a current that is not finite', curve([...good, '0.75,1e999']), 'line 8: the current is not a finite number'],
    ['a number with a unit in it', curve([...good, '0.75,3mA']), 'line 8: the current is not a finite number'],
    ['a repeated voltage', curve([...good, '0.5,1']), 'line 8: the voltages must rise (or fall) from point to point, without repeats'],
    ['voltages that turn back', curve([...good, '0.4,1']), 'line 8: the voltages must rise (or fall) from point to point, without repeats'],
  ])('refuses %s, naming the line', (_case, text, detail) => {
    expect(problemOf(text)).toBe(ivCurveMessages.notACurve(detail));
  });

  it('takes formula characters inside a name', () => {
    expect(read(curve(['manufacturer,Acme=Solar', 'model,SC-100 +@', ...good.slice(2)]))).toMatchObject({ curve: { manufacturer: 'Acme=Solar', model: 'SC-100 +@' } });
  });

  it('refuses more points than a curve may have', () => {
    const points = Array.from({ length: IV_CURVE_MAX_POINTS + 1 }, (_, i) => `${i / 1000},1`);
    expect(problemOf(curve([...good.slice(0, 4), ...points]))).toBe(
      ivCurveMessages.notACurve(`a curve has at most ${IV_CURVE_MAX_POINTS} points, this one ${IV_CURVE_MAX_POINTS + 1}`),
    );
  });

  it('never repeats what the file says in a problem', () => {
    expect(problemOf(curve([...good, '<script>,1']))).not.toContain('<script>');
    expect(problemOf(curve(['<b>secret</b>,x', ...good]))).not.toContain('secret');
  });
});
