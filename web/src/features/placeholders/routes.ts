import { declareRoutes } from '../../lib/routing/route-declaration';

/**
 * The screens later issues build, declared with their titles and menu entries: until then each shows
 * its title and a line saying it is not available yet (components/placeholder-page.tsx). The issue that
 * builds a screen moves its entry into its feature's routes.ts and adds the page.
 */
export const placeholderRoutes = declareRoutes([
  // None today: every screen the portal names is built.
]);
