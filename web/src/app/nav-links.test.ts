import { describe, expect, it } from 'vitest';
import { adminNavLinks, isActive, userNavLinks } from './nav-links';
import { adminTitleOnlyRoutes } from './routes';

describe('side menu (spec §2)', () => {
  it('lists the user section, with Buy legacy licenses only for a legacy user', () => {
    expect(userNavLinks({ legacy: false }).map((link) => link.label)).toEqual([
      'Profile',
      'Licenses',
      'My products',
      'Download',
      'Cases',
      'Sign Out',
    ]);
    expect(userNavLinks({ legacy: true }).map((link) => link.label)).toEqual([
      'Profile',
      'Licenses',
      'Buy legacy licenses',
      'My products',
      'Download',
      'Cases',
      'Sign Out',
    ]);
  });

  it('lists the Admin section in the spec order, each entry an admin route or IV Curves', () => {
    expect(adminNavLinks.map((link) => link.label)).toEqual([
      'All licenses',
      'Registered products',
      'Users',
      'Produced hardware',
      'Dongles',
      'Subscriptions',
      'Dashboard',
      'Usage',
      'Latest',
      'News',
      'IV Curves',
    ]);
    const adminPaths = new Set(adminTitleOnlyRoutes.map((route) => route.path));
    for (const link of adminNavLinks.filter((l) => l.to !== '/ivcurves')) expect(adminPaths.has(link.to)).toBe(true);
  });

  it('marks an entry active on its page and its sub-pages only', () => {
    expect(isActive('/cases/12', '/cases')).toBe(true);
    expect(isActive('/cases', '/cases')).toBe(true);
    expect(isActive('/casesx', '/cases')).toBe(false);
  });
});
