import { describe, expect, it } from 'vitest';
import type { LicenseRow } from '../../../../shared/contract/lic';
import { upgradeOffers, yearOneItems } from './upgrades';

const license = (id: number, user_id: number, to_fastspring_product: string | null): LicenseRow => ({
  id,
  user_id,
  created: '2025-01-01',
  license_type_id: 'All',
  license_usage_id: 4,
  license_usage: 'Standard',
  enabled: true,
  valid_from: '2025-01-01',
  valid_to: '2026-01-01',
  tag: null,
  reserved_to: null,
  fingerprint: null,
  hostname: null,
  expired: false,
  days: 100,
  hid: null,
  subscription_id: null,
  subscription_state: null,
  shared_count: 0,
  addons: [],
  shared_users: [],
  shared_by: null,
  to_fastspring_product,
});

describe('upgradeOffers', () => {
  it('offers each upgrade the caller’s own licenses are marked with, with those licenses', () => {
    const offers = upgradeOffers(
      [
        license(1, 7, 'legacy-all-pack-year-2'),
        license(2, 7, 'legacy-all-pack-year-2'),
        license(3, 7, 'legacy-battery-year-3'),
        license(4, 8, 'legacy-automation-year-2'), // shared with the caller: not theirs to upgrade
        license(5, 7, null),
      ],
      7,
    );
    expect(offers.map((offer) => [offer.item.path, offer.licenses.map((l) => l.id)])).toEqual([
      ['legacy-all-pack-year-2', [1, 2]],
      ['legacy-battery-year-3', [3]],
    ]);
  });

  it('offers nothing without marked licenses', () => {
    expect(upgradeOffers([license(1, 7, null)], 7)).toEqual([]);
  });

  it('lists the three Year 1 items', () => {
    expect(yearOneItems.map((item) => item.path)).toEqual([
      'legacy-all-pack-year-1',
      'legacy-automation-year-1',
      'legacy-battery-year-1',
    ]);
  });
});
