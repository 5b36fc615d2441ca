/**
 * Every route path of the SPA, written once. Route declarations, menus, links (`<Anchor to={paths.x}>`)
 * and navigate() take them from here; a path with a parameter is filled in with react-router's
 * generatePath.
 */
export const paths = {
  // Signed out
  signIn: '/signin',
  register: '/register',
  verify: '/verify',
  forgotPassword: '/forgotpassword',
  recoverPassword: '/recoverpassword',
  // Single sign-on for the forum
  ssoSignIn: '/ssosignin',
  ssoSignOut: '/ssosignout',
  // Signed in, everyone
  profile: '/profile',
  changePassword: '/changepassword',
  deleteAccount: '/deleteaccount',
  authenticator: '/authenticator',
  signOut: '/signout',
  licenses: '/licenses',
  offlineActivation: '/offlineactivation',
  seatHistory: '/seathistory/:id',
  legacy: '/legacy',
  myProducts: '/myproducts',
  download: '/download',
  firmware: '/firmware',
  cases: '/cases',
  case: '/cases/:id',
  ivCurves: '/ivcurves',
  organisations: '/organisations',
  organisation: '/organisations/:id',
  // Admins only
  allLicenses: '/alllicenses',
  allLicensesUser: '/alllicenses/:id',
  allProducts: '/allproducts',
  users: '/users',
  user: '/users/:id',
  devices: '/devices',
  createCodes: '/createcodes',
  listCodes: '/listcodes',
  dashboard: '/dashboard',
  dongles: '/dongles',
  subscriptions: '/subscriptions',
  usage: '/usage',
  latest: '/latest',
  news: '/news',
  audit: '/audit',
  allOrganisations: '/allorganisations',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** `path` with a query, each value percent-encoded: withQuery(paths.verify, { username }) → /verify?username=… */
export function withQuery(path: AppPath, query: Record<string, string>): string {
  const search = Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}
