import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { findDevice } from '../../functions/domain/devices/devices.repository';
import { importDevicesFile } from '../../scripts/devices/import-devices';
import { asUnit, createAdminUser } from '../support/api';
import { newDevice, productCall } from '../support/products';

const dir = mkdtempSync(join(tmpdir(), 'devices-import-'));
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

  it('makes imported units appear in the admin list at once', async () => {
    const boss = await createAdminUser();
    const unit = newDevice();
    await run(file('one.json', JSON.stringify([unit])));
    const listed = await productCall(boss.accessToken, 'get_devices', { search: unit.uid });
    expect(listed.body.data).toMatchObject({ count: 1, devices: [{ uid: unit.uid }] });
  });
});
