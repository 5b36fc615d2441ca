import { describe, expect, it } from 'vitest';
import { MAX_DEVICE_BYTES, mergeDevice, newUnitOf, oversizedUnits, readDevicesCsv, readDevicesFile, readDevicesJson, type DeviceInput } from './device-import.rules';
import { deviceList } from './device-list';

const header = 'uid,serial_no,product_id,hardware_version,ems_id,ean,certificate_created,cert,calibration_created,calibration';

describe('reading a production file', () => {
  it('reads units from CSV, with several rows of one uid adding its certificates and calibrations', () => {
    const text = [
      header,
      'A1,SN1,Arc,1.2,EMS1,7350000000001,2024-01-02,CERT-A,,',
      'A1,SN1,Arc,1.2,EMS1,7350000000001,,,2024-01-03T10:00:00Z,"{""gain"":1.01}"',
      'B2,SN2,Ace,2.0,EMS2,7350000000002,,,,',
    ].join('\n');
    const { devices, problems } = readDevicesCsv(text);
    expect(problems).toEqual([]);
    expect(devices).toHaveLength(2);
    expect(devices[0]).toMatchObject({
      uid: 'A1',
      certificates: [{ created: '2024-01-02', serial_no: 'SN1', ean: '7350000000001', cert: 'CERT-A' }],
      calibration: [{ created: '2024-01-03T10:00:00Z', calibration: '{"gain":1.01}' }],
    });
    expect(devices[1]).toMatchObject({ uid: 'B2', certificates: [], calibration: [] });
  });

  it('reports every bad CSV row with its line', () => {
    const text = [
      header,
      'A1,SN1,Arc,1.2,EMS1,7350000000001,,,,',
      ',SN2,Arc,1.2,EMS2,7350000000002,,,,',
      'C3,SN3,Arc,1.2,EMS3,notanean,,,,',
      'D4,SN4,Arc,1.2,EMS4,7350000000004,yesterday,CERT,,',
      'A1,SN9,Arc,1.2,EMS1,7350000000001,,,,',
      'E5,SN5',
    ].join('\n');
    const { problems } = readDevicesCsv(text);
    expect(problems.map((p) => p.line)).toEqual([3, 4, 5, 6, 7]);
    expect(problems[0]!.message).toContain('uid is required');
    expect(problems[1]!.message).toContain('ean must be 8 to 14 digits');
    expect(problems[2]!.message).toContain('certificate_created must be a date');
    expect(problems[3]!.message).toContain('differ from an earlier row');
    expect(problems[4]!.message).toContain('Expected 10 columns');
  });

  it('refuses a CSV header without the unit columns', () => {
    expect(readDevicesCsv('uid,serial\nA,1').problems).toEqual([{ line: 1, message: expect.stringContaining('missing column serial_no') }]);
  });

  it('reads units from JSON and reports a bad unit at the line it starts', () => {
    const good = { uid: 'A1', serial_no: 'SN1', product_id: 'Arc', hardware_version: '1', ems_id: 'E', ean: '7350000000001' };
    const text = `[\n  ${JSON.stringify({ ...good, certificates: [{ created: '2024-01-01', cert: 'C' }] })},\n  ${JSON.stringify({ ...good, uid: 'B2', ean: 'x' })}\n]`;
    const { devices, problems } = readDevicesFile('units.json', text);
    expect(devices[0]!.certificates).toEqual([{ created: '2024-01-01', serial_no: 'SN1', ean: '7350000000001', cert: 'C' }]);
    expect(problems).toEqual([{ line: 3, message: expect.stringContaining('ean must be 8 to 14 digits') }]);
    expect(readDevicesJson('{').problems[0]!.message).toContain('Not valid JSON');
  });

  it('merges a file into a stored unit and notices when it adds nothing', () => {
    const stored = {
      uid: 'A1', serial_no: 'SN1', product_id: 'Arc', hardware_version: '1', ems_id: 'E', ean: '7350000000001',
      certificates: [{ created: '2024-01-02', serial_no: 'SN1', ean: '7350000000001', cert: 'C1' }],
      calibration: [],
    };
    expect(mergeDevice(stored, { ...stored }).changed).toBe(false);
    const added = mergeDevice(stored, { ...stored, certificates: [{ created: '2024-01-01', serial_no: 'SN1', ean: '7350000000001', cert: 'C0' }] });
    expect(added.changed).toBe(true);
    expect(added.merged.certificates.map((c) => c.cert)).toEqual(['C0', 'C1']);
    expect(mergeDevice(stored, { ...stored, hardware_version: '2' }).changed).toBe(true);
  });

  it('refuses a CSV header that names a column twice', () => {
    const text = [`${header},ean`, 'A1,SN1,Arc,1.2,EMS1,7350000000001,,,,,7350000000009'].join('\n');
    expect(readDevicesCsv(text)).toEqual({ devices: [], problems: [{ line: 1, message: 'Header: Column ean appears twice' }] });
    expect(readDevicesCsv('uid,UID,serial_no,product_id,hardware_version,ems_id,ean\n').problems[0]!.message).toContain('Column uid appears twice');
  });

  it('stores uids in upper case: rows of one uid in any case are one unit, and a JSON uid twice in two cases is refused', () => {
    const csv = readDevicesCsv([header, 'arc1a2b3c11,SN1,Arc,1.2,EMS1,7350000000001,2024-01-02,CERT-A,,', 'ARC1a2b3c11,SN1,Arc,1.2,EMS1,7350000000001,2024-01-03,CERT-B,,'].join('\n'));
    expect(csv.problems).toEqual([]);
    expect(csv.devices).toHaveLength(1);
    expect(csv.devices[0]).toMatchObject({ uid: 'ARC1A2B3C11', line: 2, certificates: [{ cert: 'CERT-A' }, { cert: 'CERT-B' }] });
    const unit = { uid: 'arc1', serial_no: 'SN1', product_id: 'Arc', hardware_version: '1', ems_id: 'E', ean: '7350000000001' };
    const json = readDevicesJson(`[\n${JSON.stringify(unit)},\n${JSON.stringify({ ...unit, uid: 'ARC1' })}\n]`);
    expect(json.devices.map((d) => d.uid)).toEqual(['ARC1']);
    expect(json.problems).toEqual([{ line: 3, message: 'Unit 2: uid ARC1 appears twice in the file' }]);
  });

  it("checks a JSON certificate's own serial_no and ean as the unit's, and refuses other fields in its entries", () => {
    const unit = { uid: 'A1', serial_no: 'SN1', product_id: 'Arc', hardware_version: '1', ems_id: 'E', ean: '7350000000001' };
    const withEntries = (certificates: unknown[], calibration: unknown[] = []) => readDevicesJson(JSON.stringify([{ ...unit, certificates, calibration }])).problems;
    expect(withEntries([{ created: '2024-01-01', cert: 'C', ean: '12ab' }])[0]!.message).toContain('certificates[0].ean must be 8 to 14 digits');
    expect(withEntries([{ created: '2024-01-01', cert: 'C', serial_no: 'S'.repeat(201) }])[0]!.message).toContain('certificates[0].serial_no is longer than 200 characters');
    expect(withEntries([{ created: '2024-01-01', cert: 'C', serial_no: 7 }])[0]!.message).toContain('certificates[0].serial_no must be text');
    expect(withEntries([{ created: '2024-01-01', cert: 'C', signed_by: 'QA' }])[0]!.message).toContain('certificates[0]: unknown field signed_by');
    expect(withEntries([], [{ created: '2024-01-01', calibration: 'x', gain: 1 }])[0]!.message).toContain('calibration[0]: unknown field gain');
    expect(withEntries(['CERT'])[0]!.message).toContain('certificates[0] must be an object');
    // Its own good serial_no and ean are kept; an empty one is the unit's.
    const good = readDevicesJson(JSON.stringify([{ ...unit, certificates: [{ created: '2024-01-01', cert: 'C', serial_no: 'OLD-SN', ean: '12345678' }, { created: '2024-01-02', cert: 'D', ean: '' }] }]));
    expect(good.problems).toEqual([]);
    expect(good.devices[0]!.certificates.map(({ serial_no, ean }) => [serial_no, ean])).toEqual([['OLD-SN', '12345678'], ['SN1', '7350000000001']]);
  });

  it('stores a certificate or calibration a file repeats once', () => {
    const row = 'A1,SN1,Arc,1.2,EMS1,7350000000001,2024-01-02,CERT-A,2024-01-03,CAL-A';
    const { devices } = readDevicesCsv([header, row, row].join('\n'));
    const { merged } = mergeDevice(newUnitOf(devices[0]!), devices[0]!);
    expect(merged.certificates.map((c) => c.cert)).toEqual(['CERT-A']);
    expect(merged.calibration.map((c) => c.calibration)).toEqual(['CAL-A']);
  });

  describe("a unit's size", () => {
    const unit = (uid: string, calibrations: string[]): DeviceInput => ({
      uid, serial_no: 'SN', product_id: 'Arc', hardware_version: '1', ems_id: 'E', ean: '7350000000001', certificates: [],
      calibration: calibrations.map((calibration, n) => ({ created: `2024-01-${String(n + 1).padStart(2, '0')}`, calibration })),
    });

    it('refuses a unit whose calibrations, each within its limit, add up to more than a unit holds, at the line it starts on', () => {
      // 20 rows of 19,000 characters each: every row is valid, the unit is not.
      const rows = Array.from({ length: 20 }, (_, n) => `BIG1,SN,Arc,1,E,7350000000001,,,2024-01-${String(n + 1).padStart(2, '0')},${'x'.repeat(19_000)}`);
      const { devices, problems } = readDevicesCsv([header, 'SMALL,SN,Arc,1,E,7350000000001,,,,', ...rows].join('\n'));
      expect(problems).toEqual([]);
      expect(oversizedUnits(devices, new Map())).toEqual([{ line: 3, message: expect.stringContaining(`uid BIG1: with what is stored of it the unit would hold 0 certificate(s) and 20 calibration(s)`) }]);
    });

    it('counts bytes, not characters', () => {
      // 12 x 10,000 characters is 120,000 characters, but 360,000 bytes of UTF-8.
      const euros = unit('EURO', Array.from({ length: 12 }, (_, n) => `${n}${'€'.repeat(10_000)}`));
      expect(oversizedUnits([{ ...euros, line: 7 }], new Map())).toEqual([{ line: 7, message: expect.stringContaining(`at most ${MAX_DEVICE_BYTES} bytes`) }]);
      expect(oversizedUnits([unit('ASCII', Array.from({ length: 12 }, (_, n) => `${n}${'e'.repeat(10_000)}`))], new Map())).toEqual([]);
    });

    it('counts what is stored of the unit with what the file adds to it', () => {
      const stored = unit('GROWS', Array.from({ length: 10 }, (_, n) => `old${n}${'x'.repeat(19_000)}`));
      const later = { ...unit('GROWS', Array.from({ length: 10 }, (_, n) => `new${n}${'x'.repeat(19_000)}`)), line: 4 };
      expect(oversizedUnits([later], new Map())).toEqual([]);
      expect(oversizedUnits([later], new Map([['GROWS', stored]]))).toEqual([{ line: 4, message: expect.stringContaining('20 calibration(s)') }]);
      // The same entries again add nothing: no growth.
      expect(oversizedUnits([{ ...stored, line: 4 }], new Map([['GROWS', stored]]))).toEqual([]);
    });
  });

  it('searches units by id and text, and by their owner\'s email', () => {
    const row = { id: 7, created: '', updated: '', product_id: 'Arc', serial_no: 'SN77', uid: 'UIDX', hardware_version: '1', ems_id: 'EMS', ean: '1', certificate_count: 0, calibration_count: 0 };
    const joined = { registrations: new Map([['UIDX', 41]]), owners: new Map([[41, { email: 'kim@example.com' }]]) };
    expect(deviceList.matches('7', joined)(row)).toBe(true);
    expect(deviceList.matches('sn77', joined)(row)).toBe(true);
    expect(deviceList.matches('KIM@example', joined)(row)).toBe(true);
    expect(deviceList.matches('nope', joined)(row)).toBe(false);
  });
});
