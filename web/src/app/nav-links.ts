/** The side menu's user section (spec §2). The legacy entry and the Admin section arrive with issue 3. */
export const userNavLinks = [
  { to: '/profile', label: 'Profile' },
  { to: '/licenses', label: 'Licenses' },
  { to: '/myproducts', label: 'My products' },
  { to: '/download', label: 'Download' },
  { to: '/cases', label: 'Cases' },
  { to: '/signout', label: 'Sign Out' },
] as const;
