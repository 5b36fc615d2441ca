/** A signed-in route whose screen a later issue builds: until then it shows only its title. */
export interface TitleOnlyRoute {
  path: string;
  title: string;
}

/** Signed-in routes for everyone (spec §2) still to be built. */
export const userTitleOnlyRoutes: readonly TitleOnlyRoute[] = [
  { path: '/licenses', title: 'Licenses' },
  { path: '/myproducts', title: 'My products' },
  { path: '/download', title: 'Download' },
  { path: '/firmware', title: 'Firmware' },
  { path: '/cases', title: 'Cases' },
  { path: '/cases/:id', title: 'Case' },
  { path: '/ivcurves', title: 'IV Curves' },
];

/** The legacy purchase page: only for a user whose legacy flag is set (spec §6). */
export const legacyRoute: TitleOnlyRoute = { path: '/legacy', title: 'Buy legacy licenses' };

/** Admin-only routes (spec §2); anyone else is sent to /download. */
export const adminTitleOnlyRoutes: readonly TitleOnlyRoute[] = [
  { path: '/alllicenses', title: 'All licenses' },
  { path: '/alllicenses/:id', title: 'User details' },
  { path: '/allproducts', title: 'Registered products' },
  { path: '/users', title: 'Users' },
  { path: '/users/:id', title: 'User details' },
  { path: '/devices', title: 'Produced hardware' },
  { path: '/createcodes', title: 'License code generator' },
  { path: '/listcodes', title: 'License codes' },
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/dongles', title: 'Dongles' },
  { path: '/subscriptions', title: 'Subscriptions' },
  { path: '/usage', title: 'Usage' },
  { path: '/latest', title: 'Latest' },
  { path: '/news', title: 'News' },
];

/** Where a signed-in visit of an unknown path, or a refused one, goes (spec §2). */
export const SIGNED_IN_FALLBACK = '/download';
