import { describe, expect, it } from 'vitest';
import { addonChanges, addonsText } from './addons';

describe('addonChanges', () => {
  it('adds what is new, BatteryValidation with its channels, and removes what is gone', () => {
    expect(addonChanges([{ id: 'Automation' }], [{ id: 'Battery' }, { id: 'BatteryValidation', channels: 8 }])).toEqual([
      { cmd: 'remove_license_addon', addon_id: 'Automation' },
      { cmd: 'add_license_addon', addon_id: 'Battery' },
      { cmd: 'add_license_addon', addon_id: 'BatteryValidation', attributes: { channels: 8 } },
    ]);
  });

  it('updates the channels of a BatteryValidation kept, and asks nothing for what stays as it was', () => {
    const before = [{ id: 'Automation' as const }, { id: 'BatteryValidation' as const, channels: 4 }];
    expect(addonChanges(before, before)).toEqual([]);
    expect(addonChanges(before, [{ id: 'Automation' }, { id: 'BatteryValidation', channels: 16 }])).toEqual([
      { cmd: 'update_license_addon', addon_id: 'BatteryValidation', attributes: { channels: 16 } },
    ]);
  });
});

describe('addonsText', () => {
  it('names the add-ons by their short names, in a fixed order, with BatteryValidation’s channels', () => {
    expect(addonsText([{ id: 'BatteryValidation', attributes: { channels: 8 } }, { id: 'Automation', attributes: {} }])).toBe(
      'AT, BVT (8 channels)',
    );
    expect(addonsText([])).toBe('');
  });
});
