import { describe, expect, it } from 'vitest';
import { newUnitOf, type DeviceInput } from '../../functions/domain/devices/device-import.rules';
import { outcomeLines } from './import-devices';

const unit = (uid: string, line: number): DeviceInput => ({ ...newUnitOf({ uid, serial_no: 'S', product_id: 'Arc', hardware_version: '1', ems_id: 'E', ean: '12345678', certificates: [], calibration: [] }), line });

describe('what the import tells the operator', () => {
  it('counts the units of an import that wrote them all', () => {
    expect(outcomeLines('units.csv', 3, { created: 1, updated: 1, unchanged: 1, failed: [], notTried: [] })).toEqual({
      ok: true,
      lines: ['3 unit(s) read: 1 new, 1 updated, 1 unchanged'],
    });
  });

  it('names the units that failed and those not tried after, with their lines, and no stack of an expected error', () => {
    const result = outcomeLines('units.csv', 12, {
      created: 9,
      updated: 0,
      unchanged: 0,
      failed: [{ uid: 'B7', line: 9, message: 'TransactionCanceledException: Transaction cancelled [ThrottlingError]' }],
      notTried: [unit('C1', 11), unit('C2', 12)],
    });
    expect(result).toEqual({
      ok: false,
      lines: [
        'units.csv:9: uid B7 was not written: TransactionCanceledException: Transaction cancelled [ThrottlingError]',
        'Not tried after the failure, so not written: C1 (line 11), C2 (line 12)',
        '12 unit(s) read: 9 new, 0 updated, 0 unchanged; 3 not written. The import stopped: importing the file again writes only what is missing.',
      ],
    });
  });

  it('counts rather than names a long tail of units not tried, and shows the stack of an unexpected error', () => {
    const bug = new TypeError('x is undefined');
    const result = outcomeLines('units.json', 40, {
      created: 0,
      updated: 0,
      unchanged: 0,
      failed: [{ uid: 'A1', line: 2, message: String(bug), unexpected: bug }],
      notTried: Array.from({ length: 32 }, (_, n) => unit(`U${n}`, n + 10)),
    });
    expect(result.lines[0]).toContain('units.json:2: uid A1 was not written: TypeError: x is undefined\nTypeError: x is undefined\n    at');
    expect(result.lines[1]).toMatch(/^Not tried after the failure, so not written: U0 \(line 10\), .*U19 \(line 29\), and 12 more$/);
  });
});
