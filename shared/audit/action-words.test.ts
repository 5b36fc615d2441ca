import { describe, expect, it } from 'vitest';
import { auditActionWords, auditFieldChanges, fieldChangeText, namedUserIds } from './action-words';

const json = (value: object) => JSON.stringify(value);

describe('audit entries in words', () => {
  it('names the plain actions', () => {
    expect(auditActionWords({ action: 'update_license' })).toBe('Edited');
    expect(auditActionWords({ action: 'disable_license', after: json({ enabled: false }) })).toBe('Disabled');
    expect(auditActionWords({ action: 'release_license' })).toBe('Released');
    expect(auditActionWords({ action: 'close_case' })).toBe('Case closed');
  });

  it('says whom a license or product was moved to', () => {
    expect(auditActionWords({ action: 'move_license', before: json({ user_id: 4 }), after: json({ user_id: 12 }) })).toBe('Moved to user 12');
    expect(auditActionWords({ action: 'move_product', after: json({ user_id: 7 }) })).toBe('Moved to user 7');
    // A move recorded before values were kept still reads as a move.
    expect(auditActionWords({ action: 'move_license' })).toBe('License moved');
  });

  it('names the add-on added, changed or removed', () => {
    const none = json({ addons: [] });
    const battery = json({ addons: [{ id: 'Battery' }] });
    const validation = (channels: number) => json({ addons: [{ id: 'Battery' }, { id: 'BatteryValidation', channels }] });
    expect(auditActionWords({ action: 'add_license_addon', before: none, after: battery })).toBe('Add-on Battery added');
    expect(auditActionWords({ action: 'update_license_addon', before: validation(4), after: validation(8) })).toBe('Add-on BatteryValidation changed');
    expect(auditActionWords({ action: 'remove_license_addon', before: validation(4), after: battery })).toBe('Add-on BatteryValidation removed');
  });

  it('says which way the legacy flag went', () => {
    expect(auditActionWords({ action: 'set_user_legacy', before: json({ legacy: false }), after: json({ legacy: true }) })).toBe('Legacy purchases allowed');
    expect(auditActionWords({ action: 'set_user_legacy', after: json({ legacy: false }) })).toBe('Legacy purchases withdrawn');
  });

  it("says when an admin published another user's IV curve, and names the other admin actions on users' things", () => {
    expect(auditActionWords({ action: 'upload_iv_curve', before: json({ version: 1, public: false }), after: json({ version: 2, public: true }) })).toBe('IV curve published');
    expect(auditActionWords({ action: 'upload_iv_curve', before: json({ version: 2, public: true }), after: json({ version: 3, public: true }) })).toBe('IV curve changed');
    expect(auditActionWords({ action: 'delete_iv_curve' })).toBe('IV curve deleted');
    expect(auditActionWords({ action: 'withdraw_account_deletion' })).toBe('Account deletion withdrawn');
    expect(auditActionWords({ action: 'delete_attachment' })).toBe('Case attachment deleted');
  });

  it('reads an unknown action as its name', () => {
    expect(auditActionWords({ action: 'publish_news_item' })).toBe('Publish news item');
  });

  it('lists each changed field before → after, "none" for no value', () => {
    const changes = auditFieldChanges({ before: json({ valid_to: '2026-01-01', license_usage_id: 4 }), after: json({ valid_to: '2027-01-01', license_usage_id: 2 }) });
    expect(changes.map(fieldChangeText)).toEqual(['valid_to: 2026-01-01 → 2027-01-01', 'license_usage_id: 4 → 2']);
    expect(auditFieldChanges({ before: null, after: json({ valid_to: '' }) }).map(fieldChangeText)).toEqual(['valid_to: none → none']);
    expect(auditFieldChanges({ before: json({ shared_users: [] }), after: json({ shared_users: [5] }) }).map(fieldChangeText)).toEqual(['Shared with: nobody → user 5']);
    expect(auditFieldChanges({ before: 'not json', after: null })).toEqual([]);
    // Add-ons by name, not as JSON.
    const addons = { before: json({ addons: [] }), after: json({ addons: [{ id: 'Battery' }, { id: 'BatteryValidation', channels: 4 }] }) };
    expect(auditFieldChanges(addons).map(fieldChangeText)).toEqual(['Add-ons: none → Battery, BatteryValidation (4 channels)']);
  });

  it('says whom a license was shared with or no longer, by name, never as raw JSON', () => {
    const emails: Record<number, string> = { 2: 'kim@example.com', 4: 'owner@example.com' };
    const nameOf = (id: number) => (emails[id] ? `${emails[id]} (user ${id})` : `User ${id}`);
    const share = { action: 'share_license', before: json({ shared_count: 0, shared_users: [] }), after: json({ shared_count: 1, shared_users: [2] }) };
    expect(auditActionWords(share, nameOf)).toBe('Shared with kim@example.com (user 2)');
    expect(auditFieldChanges(share, nameOf).map(fieldChangeText)).toEqual(['Shared with: nobody → kim@example.com (user 2)']);
    const cancel = { action: 'cancel_share_license', before: json({ shared_count: 2, shared_users: [2, 9] }), after: json({ shared_count: 1, shared_users: [9] }) };
    expect(auditActionWords(cancel, nameOf)).toBe('Stopped sharing with kim@example.com (user 2)');
    expect(auditFieldChanges(cancel, nameOf).map(fieldChangeText)).toEqual(['Shared with: kim@example.com (user 2), User 9 → User 9']);
    const move = { action: 'move_license', before: json({ user_id: 4, shared_users: [2] }), after: json({ user_id: 2, shared_users: null }) };
    expect(auditActionWords(move, nameOf)).toBe('Moved to kim@example.com (user 2)');
    expect(auditFieldChanges(move, nameOf).map(fieldChangeText)).toEqual(['Owner: owner@example.com (user 4) → kim@example.com (user 2)', 'Shared with: kim@example.com (user 2) → nobody']);
    // A member joining an organisation is its member, not an owner.
    const joined = { action: 'accept_invitation', before: null, after: json({ user_id: 2, role: 'member' }) };
    expect(auditFieldChanges(joined, nameOf).map(fieldChangeText)).toEqual(['Member: nobody → kim@example.com (user 2)', 'role: none → member']);
    // The users the server names beside an entry.
    expect(namedUserIds(move)).toEqual([4, 2]);
    expect(namedUserIds(cancel)).toEqual([2, 9]);
  });
});
