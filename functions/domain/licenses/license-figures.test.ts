import { describe, expect, it } from 'vitest';
import { countChanges } from '../../lib/db/aggregates';
import { graphDays, licenseHistoryTallies, licenseStateTallies, licenseTallies } from './license-figures';
import type { LicenseRecord } from './license.entity';

const licenseCountChanges = (before: LicenseRecord, after: LicenseRecord) => countChanges(licenseTallies(before), licenseTallies(after));

const license = (fields: Partial<LicenseRecord> = {}): LicenseRecord =>
  ({ id: 1, user_id: 2, license_type_id: 'Pro', license_usage_id: 4, enabled: true, valid_from: '2026-01-01', addons: [], created: '', updated: '', ...fields }) as LicenseRecord;
const figures = (record: LicenseRecord) => licenseStateTallies(record).map((tally) => `${tally.counter.name}:${tally.at ?? ''}`);

describe('what a license counts for', () => {
  it('an enabled license with an end: by the day it ends and the day it starts', () => {
    expect(figures(license({ valid_to: '2027-01-01' }))).toEqual(['licenses-ending:2027-01-01', 'licenses-starting:2026-01-01']);
  });

  it('an enabled one without an end: perpetual, and by the day it starts', () => {
    expect(figures(license())).toEqual(['licenses-perpetual:', 'licenses-starting:2026-01-01']);
  });

  it('one ending in the perpetual years: perpetual, as it reads, not ending', () => {
    expect(figures(license({ valid_to: '2030-01-01' }))).toEqual(['licenses-perpetual:', 'licenses-starting:2026-01-01']);
    expect(figures(license({ valid_to: '2029-12-31' }))).toEqual(['licenses-ending:2029-12-31', 'licenses-starting:2026-01-01']);
  });

  it('a disabled one: only its seat, if a machine holds it', () => {
    expect(figures(license({ enabled: false }))).toEqual([]);
    expect(figures(license({ enabled: false, reserved_to: 2, fingerprint: 'f' }))).toEqual(['licenses-reserved:']);
  });

  it('one ending before it starts never counts as starting (so every license starting later also ends later)', () => {
    expect(figures(license({ valid_from: '2026-05-01', valid_to: '2026-04-01' }))).toEqual(['licenses-ending:2026-04-01']);
  });

  it('a reservation changes only the reserved count; a takeover by the same user nothing', () => {
    const free = license({ valid_to: '2027-01-01' });
    const held = license({ valid_to: '2027-01-01', reserved_to: 2, fingerprint: 'a' });
    expect(licenseCountChanges(free, held).map((d) => [d.counter.name, d.figure, d.delta])).toEqual([['licenses-reserved', 'total#Pro', 1]]);
    expect(licenseCountChanges(held, { ...held, fingerprint: 'b' })).toEqual([]);
  });

});

describe('what a license counts for in the history of valid licenses', () => {
  const history = (record: LicenseRecord) => licenseHistoryTallies(record).map((tally) => `${tally.counter.name}:${tally.dimension}:${tally.at}`);

  it('a perpetual one from its start; one with an end (subscription) from its start and until its last day', () => {
    expect(history(license())).toEqual(['licenses-valid-from:Pro:perpetual:2026-01-01']);
    expect(history(license({ valid_to: '2027-01-01' }))).toEqual(['licenses-valid-from:Pro:subscription:2026-01-01', 'licenses-valid-until:Pro:subscription:2027-01-01']);
  });

  it('one ending in the perpetual years as perpetual, the kind its Perpetual on every screen says', () => {
    expect(history(license({ valid_to: '2035-05-05' }))).toEqual(['licenses-valid-from:Pro:perpetual:2026-01-01']);
  });

  it('a disabled one, or one ending before it starts, never', () => {
    expect(history(license({ enabled: false }))).toEqual([]);
    expect(history(license({ valid_from: '2026-05-01', valid_to: '2026-04-01' }))).toEqual([]);
  });
});

describe('the days the graph shows', () => {
  it('the first day of each of the last 12 months and this one, then today', () => {
    const days = graphDays(new Date('2026-11-26T10:00:00Z'));
    expect(days).toHaveLength(14);
    expect(days.slice(0, 2)).toEqual(['2025-11-01', '2025-12-01']);
    expect(days.slice(-2)).toEqual(['2026-11-01', '2026-11-26']);
  });

  it('on the first day of a month, today is that month\'s point', () => {
    expect(graphDays(new Date('2026-11-01T10:00:00Z')).slice(-2)).toEqual(['2026-10-01', '2026-11-01']);
  });
});
