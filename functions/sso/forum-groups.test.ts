import { describe, expect, it } from 'vitest';
import { forumGroups, PORTAL_FORUM_GROUPS, type GroupLicense } from './forum-groups';

const NOW = new Date('2026-05-10T12:00:00Z');
const license = (fields: Partial<GroupLicense> = {}): GroupLicense => ({
  license_type_id: 'Automation',
  enabled: true,
  valid_from: '2026-01-01',
  valid_to: '2026-12-31',
  ...fields,
});
const none = { licenses: [], productIds: [], isAdmin: false };

describe('the forum groups of a DiscourseConnect answer', () => {
  it('names every portal group exactly once, each a name Discourse accepts by default', () => {
    expect(PORTAL_FORUM_GROUPS).toEqual([
      'license-automation',
      'license-battery',
      'license-log',
      'license-all',
      'license-enterprise',
      'license-pro',
      'hardware-arc',
      'hardware-ace',
      'portal-admins',
    ]);
    for (const group of PORTAL_FORUM_GROUPS) expect(group).toMatch(/^[a-z0-9][a-z0-9-]{2,19}$/);
  });

  it('adds a group per type of active license, registered hardware kind, and admins; removes every other portal group', () => {
    const groups = forumGroups(
      { licenses: [license(), license({ license_type_id: 'Pro', valid_to: null }), license()], productIds: ['Arc', 'arc'], isAdmin: true },
      NOW,
    );
    expect(groups.add_groups).toEqual(['license-automation', 'license-pro', 'hardware-arc', 'portal-admins']);
    expect(groups.remove_groups).toEqual(['license-battery', 'license-log', 'license-all', 'license-enterprise', 'hardware-ace']);
  });

  it('leaves out licenses that ended, have not begun or are disabled; an end of today still counts', () => {
    const lapsed = [
      license({ valid_to: '2026-05-09' }),
      license({ license_type_id: 'Battery', valid_from: '2026-05-11' }),
      license({ license_type_id: 'All', enabled: false }),
    ];
    expect(forumGroups({ ...none, licenses: lapsed }, NOW).add_groups).toEqual([]);
    expect(forumGroups({ ...none, licenses: [license({ valid_to: '2026-05-10' })] }, NOW).add_groups).toEqual(['license-automation']);
  });

  it('gives no group for hardware the portal has no group of, and removes them all from a user with nothing', () => {
    const groups = forumGroups({ ...none, productIds: ['Prototype'] }, NOW);
    expect(groups).toEqual({ add_groups: [], remove_groups: [...PORTAL_FORUM_GROUPS] });
  });
});
