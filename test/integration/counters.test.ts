import { describe, expect, inject, it } from 'vitest';
import { backfillCounters, checkCounters, counterDifferences, counterScriptNeeds } from '../../functions/domain/counted-records';
import { runAs } from '../../functions/lib/runtime-env';
import { licenseCounters } from '../../functions/domain/licenses/license-figures';
import { findLicense, reserveSeat, setLicenseEnabled, updateLicenseTerms } from '../../functions/domain/licenses/licenses.repository';
import { registeredProducts } from '../../functions/domain/products/product-figures';
import { findDevice } from '../../functions/domain/devices/devices.repository';
import { registerProduct } from '../../functions/domain/products/products.repository';
import { CounterDelta, declareCounter, markSeen, readPeriods } from '../../functions/lib/db/aggregates';
import { executeTransaction } from '../../functions/lib/db/write-transaction';
import { asUnit, createAdminUser } from '../support/api';
import { licCall, storeLicense } from '../support/licenses';
import { newDevice, productCall, storeDevices } from '../support/products';

const asLic = <T>(work: () => Promise<T>) => asUnit({ endpoint: 'lic' }, work);
const asJob = <T>(work: () => Promise<T>) => asUnit({ job: 'check-counters' }, work);
/** As `npm run counters` runs: the operator's back-fill, with the needs it is given. */
const asOperator = <T>(work: () => Promise<T>) => {
  const env = Object.fromEntries(Object.entries(inject('localStack').functionEnv).filter(([name]) => name.startsWith('AWS_') || name === 'TABLE_NAME'));
  return asUnit({ job: 'check-counters' }, () => runAs({ name: 'counters', needs: counterScriptNeeds, env }, work));
};

interface TypeStats {
  license_type: string;
  active: number;
  reserved: number;
  perpetual: number;
}
const licenseStats = async (token: string, type = 'Enterprise') => {
  const answer = await licCall(token, 'get_license_statistics');
  expect(answer.status).toBe(200);
  const stats = (answer.body.data as { license_type_stats: TypeStats[] }).license_type_stats;
  expect(stats.map((row) => row.license_type)).toEqual(['Automation', 'Battery', 'Log', 'All', 'Enterprise', 'Pro']);
  return stats.find((row) => row.license_type === type)!;
};
const registeredCount = async (token: string) => {
  const answer = await productCall(token, 'get_product_statistics');
  expect(answer.status).toBe(200);
  return (answer.body.data as { registered_products: number }).registered_products;
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('counters', () => {
  it('are set to a recount of their records by the back-fill, and the check finds a counter that is off', async () => {
    await asOperator(() => backfillCounters());
    expect(await asJob(() => counterDifferences())).toEqual([]);

    // A counter off by 5 (as one would be without the back-fill, or after a write that bypassed it).
    await asOperator(() => executeTransaction([new CounterDelta(licenseCounters.perpetual, 'total#Log', 5)]));
    const { differences } = await asJob(() => checkCounters());
    expect(differences).toEqual([expect.objectContaining({ counter: 'licenses-perpetual', figure: 'total#Log', stored: expect.any(Number) })]);
    expect(differences[0]!.stored - differences[0]!.recounted).toBe(5);

    const corrected = await asOperator(() => backfillCounters());
    expect(corrected).toHaveLength(1);
    expect(await asJob(() => counterDifferences())).toEqual([]);
  });

  it('give the license figures by type and state, following every kind of license write', async () => {
    const admin = await createAdminUser();
    const before = await licenseStats(admin.accessToken);
    const owner = 900_000 + Math.floor(Math.random() * 1000);
    const ending = await storeLicense(owner, { license_type_id: 'Enterprise', valid_from: day(-10), valid_to: day(0) });
    const perpetual = await storeLicense(owner, { license_type_id: 'Enterprise', valid_from: day(-10), valid_to: undefined });
    const ended = await storeLicense(owner, { license_type_id: 'Enterprise', valid_from: day(-10), valid_to: day(-1) });
    await storeLicense(owner, { license_type_id: 'Enterprise', valid_from: day(2), valid_to: day(30) }); // not started yet
    expect(await licenseStats(admin.accessToken)).toEqual({ ...before, active: before.active + 2, perpetual: before.perpetual + 1 });

    // Disabled, it is neither active nor perpetual; an ended license given a new end is active again.
    await asLic(async () => setLicenseEnabled((await findLicense(perpetual.id))!, false));
    await asLic(async () => updateLicenseTerms((await findLicense(ended.id))!, { license_usage_id: 4, valid_to: day(100) }));
    // A seat held counts as reserved.
    await asLic(async () =>
      reserveSeat((await findLicense(ending.id))!, owner, { fingerprint: 'counters-1', hostname: 'h', client_version: '3.6.0', os: 'windows' }, {
        takeover: false,
        takeoversPerDay: 3,
        machineWindowDays: 7,
      }),
    );
    expect(await licenseStats(admin.accessToken)).toEqual({ ...before, active: before.active + 2, reserved: before.reserved + 1, perpetual: before.perpetual });
    expect(await asJob(() => counterDifferences())).toEqual([]);
  });

  it('stay exact under concurrent writes of many records (seats reserved at once, units registered at once)', async () => {
    const admin = await createAdminUser();
    const [statsBefore, productsBefore] = await Promise.all([licenseStats(admin.accessToken, 'Pro'), registeredCount(admin.accessToken)]);
    const owner = 910_000 + Math.floor(Math.random() * 1000);
    const licenses = await Promise.all(Array.from({ length: 12 }, () => storeLicense(owner, { license_type_id: 'Pro', valid_from: day(-1), valid_to: day(30) })));
    const devices = Array.from({ length: 16 }, () => newDevice());
    await storeDevices(...devices);

    const outcomes = await Promise.allSettled([
      ...licenses.map((license, index) =>
        asLic(() =>
          reserveSeat(license, owner, { fingerprint: `concurrent-${index}`, hostname: 'h', client_version: '3.6.0', os: 'windows' }, {
            takeover: false,
            takeoversPerDay: 3,
            machineWindowDays: 7,
          }),
        ),
      ),
      ...devices.map((device, index) =>
        asUnit({ endpoint: 'product' }, async () => registerProduct((await findDevice(device.uid))!, owner + 1 + index)),
      ),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);

    expect(await licenseStats(admin.accessToken, 'Pro')).toEqual({ ...statsBefore, active: statsBefore.active + 12, reserved: statsBefore.reserved + 12 });
    expect(await registeredCount(admin.accessToken)).toBe(productsBefore + 16);
    expect(await asJob(() => counterDifferences())).toEqual([]);
    // The hot counters are spread over their shards.
    expect(licenseCounters.reserved.shards).toBeGreaterThan(1);
    expect(registeredProducts.shards).toBeGreaterThan(1);
  });

  it('count each user once per period they were seen in, however often and concurrently (seen markers)', async () => {
    const seen = declareCounter({ name: `test-seen-${Date.now().toString(36)}`, periods: ['day', 'week', 'month'], shards: 4 });
    const asUser = <T>(work: () => Promise<T>) => asUnit({ endpoint: 'user' }, work);
    // Tuesday and Wednesday of one ISO week: five users three times each on Tuesday, at once …
    await Promise.all([1, 2, 3, 4, 5].flatMap((user) => [0, 1, 2].map(() => asUser(() => markSeen({ counter: seen }, user, '2026-11-24T10:00:00Z')))));
    // … and on Wednesday user 1 again and user 6 for the first time.
    await Promise.all([1, 6, 6].map((user) => asUser(() => markSeen({ counter: seen }, user, '2026-11-25T08:00:00Z'))));
    const figures = async (period: 'day' | 'week' | 'month') =>
      (await asUser(() => readPeriods(seen, period))).map(({ period: name, value }) => [name, value]);
    expect(await figures('day')).toEqual([
      ['2026-11-24', 5],
      ['2026-11-25', 2],
    ]);
    expect(await figures('week')).toEqual([['2026-W48', 6]]);
    expect(await figures('month')).toEqual([['2026-11', 6]]);
  });

  it('answer get_product_statistics from the registrations: one more for a unit registered, one less when unregistered', async () => {
    const admin = await createAdminUser();
    const before = await registeredCount(admin.accessToken);
    const device = newDevice();
    await storeDevices(device);
    const product = await asUnit({ endpoint: 'product' }, async () => registerProduct((await findDevice(device.uid))!, 920_000));
    expect(await registeredCount(admin.accessToken)).toBe(before + 1);
    expect((await productCall(admin.accessToken, 'unregister_product', { uid: product.uid })).status).toBe(200);
    expect(await registeredCount(admin.accessToken)).toBe(before);
    // The same figure the admin list counts.
    const listed = await productCall(admin.accessToken, 'get_all_products', { limit: 1 });
    expect((listed.body.data as { count: number }).count).toBe(before);
  });
});
