import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DeviceChangedError, findDevice, importDevices } from '../../functions/domain/devices/devices.repository';
import { MAX_DEVICE_BYTES } from '../../functions/domain/devices/device-import.rules';
import { importDevicesFile } from '../../scripts/devices/import-devices';
import { asUnit, createAdminUser } from '../support/api';
import { newDevice, productCall } from '../support/products';
import { tempDir } from '../support/temp-dir';

const dir = tempDir('devices-import-');
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const run = (path: string) => importDevicesFile(path, inject('localStack').functionEnv);
const stored = (uid: string) => asUnit({ endpoint: 'product' }, () => findDevice(uid));
const header = 'uid,serial_no,product_id,hardware_version,ems_id,ean,certificate_created,cert,calibration_created,calibration';
const csvRow = (d: ReturnType<typeof newDevice>, rest = ',,,') => `${d.uid},${d.serial_no},${d.product_id},${d.hardware_version},${d.ems_id},${d.ean},${rest}`;

describe('importing produced units', () => {
  it('imports a good CSV file, and importing it again changes nothing', async () => {
    const [a, b] = [newDevice(), newDevice({ product_id: 'Ace' })];
    const path = file('good.csv', [header, csvRow(a, '2024-04-01,LABEL-A,,'), csvRow(a, ',,2024-04-02T08:00:00Z,"{""gain"":1.001}"'), csvRow(b)].join('\n'));
    expect(await run(path)).toEqual({ ok: true, lines: ['2 unit(s) read: 2 new, 0 updated, 0 unchanged'] });
    const first = await stored(a.uid);
    expect(first).toMatchObject({
      uid: a.uid,
      serial_no: a.serial_no,
      certificates: [{ created: '2024-04-01', serial_no: a.serial_no, ean: a.ean, cert: 'LABEL-A' }],
      calibration: [{ created: '2024-04-02T08:00:00Z', calibration: '{"gain":1.001}' }],
    });
    expect(await run(path)).toEqual({ ok: true, lines: ['2 unit(s) read: 0 new, 0 updated, 2 unchanged'] });
    expect(await stored(a.uid)).toEqual(first);

    // A later file adds a calibration and corrects the hardware version.
    const later = file('later.json', JSON.stringify([{ ...a, hardware_version: '1.4', certificates: [], calibration: [{ created: '2025-01-01', calibration: 'recal' }] }], null, 2));
    expect((await run(later)).lines).toEqual(['1 unit(s) read: 0 new, 1 updated, 0 unchanged']);
    const updated = await stored(a.uid);
    expect(updated).toMatchObject({ id: first!.id, hardware_version: '1.4', certificates: first!.certificates });
    expect(updated!.calibration.map((c) => c.calibration)).toEqual(['{"gain":1.001}', 'recal']);
  });

  it('reports every bad row with its line and writes nothing of the file', async () => {
    const [good, other] = [newDevice(), newDevice()];
    const path = file('bad.csv', [header, csvRow(good), `${other.uid},,Arc,1,E,7350063470017,,,,`, csvRow({ ...other, ean: 'abc' })].join('\n'));
    const result = await run(path);
    expect(result.ok).toBe(false);
    expect(result.lines).toEqual([
      `${path}:3: serial_no is required`,
      `${path}:4: ean must be 8 to 14 digits`,
      '2 bad row(s): nothing was imported',
    ]);
    expect(await stored(good.uid)).toBeNull();
  });

  it('refuses a unit that would be too large to store, at the line it starts on, and writes nothing of the file', async () => {
    const [small, big] = [newDevice(), newDevice()];
    // Twenty calibrations of 19,000 characters: each row is good, the unit (380,000 bytes) is not.
    const rows = Array.from({ length: 20 }, (_, n) => csvRow(big, `,,2024-05-${String(n + 1).padStart(2, '0')},${String(n).padEnd(19_000, 'x')}`));
    const path = file('too-big.csv', [header, csvRow(small), ...rows].join('\n'));
    const result = await run(path);
    expect(result.ok).toBe(false);
    expect(result.lines).toEqual([
      expect.stringMatching(new RegExp(`^${path}:3: uid ${big.uid}: .* 20 calibration\\(s\\), \\d+ bytes; a unit holds at most ${MAX_DEVICE_BYTES} bytes$`)),
      '1 bad unit(s): nothing was imported',
    ]);
    expect(await stored(small.uid)).toBeNull();
    expect(await stored(big.uid)).toBeNull();
  });

  it('refuses a file that would grow a stored unit past what a unit holds, and leaves the unit as it was', async () => {
    const unit = newDevice();
    const calibrations = (from: number) => Array.from({ length: 10 }, (_, n) => ({ created: `2024-06-${String(from + n).padStart(2, '0')}`, calibration: 'y'.repeat(19_000) }));
    expect((await run(file('first-half.json', JSON.stringify([{ ...unit, calibration: calibrations(1) }])))).ok).toBe(true);
    const before = await stored(unit.uid);
    const other = newDevice();
    const result = await run(file('second-half.json', JSON.stringify([other, { ...unit, calibration: calibrations(11) }], null, 2)));
    expect(result.ok).toBe(false);
    expect(result.lines[0]).toMatch(/second-half\.json:\d+: uid .* 20 calibration\(s\)/);
    expect(await stored(unit.uid)).toEqual(before);
    expect(await stored(other.uid)).toBeNull();
  });

  it('stores a uid in upper case, so a file in either case names the same unit', async () => {
    const unit = newDevice();
    const lower = { ...unit, uid: unit.uid.toLowerCase() };
    expect((await run(file('lower.csv', [header, csvRow(lower, '2024-07-01,LABEL-L,,')].join('\n')))).lines).toEqual(['1 unit(s) read: 1 new, 0 updated, 0 unchanged']);
    expect(await stored(unit.uid)).toMatchObject({ uid: unit.uid, certificates: [{ cert: 'LABEL-L' }] });
    expect(await stored(lower.uid)).toBeNull();
    expect((await run(file('upper.json', JSON.stringify([{ ...unit, hardware_version: '9' }])))).lines).toEqual(['1 unit(s) read: 0 new, 1 updated, 0 unchanged']);
  });

  it('stops at a batch whose write fails, says which units were written, and does not take the failure for a race', async () => {
    // A unit too large to store, past the file check (which would refuse it), fails at its write in the
    // second batch of eight: the first batch and the rest of the second are written, the third is not tried.
    const units = Array.from({ length: 17 }, (_, n) => ({ ...newDevice(), line: n + 2 }));
    const tooBig = { ...units[9]!, calibration: Array.from({ length: 22 }, (_, n) => ({ created: `2024-08-${String(n + 1).padStart(2, '0')}`, calibration: 'z'.repeat(19_000) })) };
    units[9] = tooBig;
    const outcome = await asUnit({ endpoint: 'product' }, () => importDevices(units));
    expect({ ...outcome, notTried: outcome.notTried.map((unit) => unit.uid) }).toEqual({
      created: 15,
      updated: 0,
      unchanged: 0,
      failed: [{ uid: tooBig.uid, line: 11, message: expect.not.stringContaining('changed meanwhile') }],
      notTried: [units[16]!.uid],
    });
    expect(outcome.failed[0]!.message).not.toContain(DeviceChangedError.name);
    expect(outcome.failed[0]!.message).toMatch(/size/i);
    expect(await stored(tooBig.uid)).toBeNull();
    expect(await stored(units[16]!.uid)).toBeNull();
    for (const unit of [...units.slice(0, 9), ...units.slice(10, 16)]) expect(await stored(unit.uid), unit.uid).not.toBeNull();
  });

  it('makes imported units appear in the admin list at once', async () => {
    const boss = await createAdminUser();
    const unit = newDevice();
    await run(file('one.json', JSON.stringify([unit])));
    const listed = await productCall(boss.accessToken, 'get_devices', { search: unit.uid });
    expect(listed.body.data).toMatchObject({ count: 1, devices: [{ uid: unit.uid }] });
  });
});
