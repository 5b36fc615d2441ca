import { describe, expect, it } from 'vitest';
import { mergeDevice, readDevicesCsv, readDevicesFile, readDevicesJson } from './device-import.rules';
import { deviceMatches } from './device-list.rules';

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

  it('searches units by id and text', () => {
    const row = { id: 7, created: '', updated: '', product_id: 'Arc', serial_no: 'SN77', uid: 'UIDX', hardware_version: '1', ems_id: 'EMS', ean: '1', certificate_count: 0, calibration_count: 0 };
    expect(deviceMatches('7')(row)).toBe(true);
    expect(deviceMatches('sn77')(row)).toBe(true);
    expect(deviceMatches('nope')(row)).toBe(false);
  });
});
