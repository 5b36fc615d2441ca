import { lazy } from 'react';
import { RouteTitleContext } from '../components/page-title';
import type { RouteDeclaration } from '../lib/routing/route-declaration';

// Only signed-in routes lack a page: the placeholder loads with them, not on the sign-in route.
const PlaceholderPage = lazy(() => import('../components/placeholder-page'));

/** A declared route's page, with the route's title for its PageTitle; a route without a page says it is not available yet. */
export function RoutePage({ route }: { route: RouteDeclaration }) {
  const Page = route.page ?? PlaceholderPage;
  return (
    <RouteTitleContext value={route.title}>
      <Page />
    </RouteTitleContext>
  );
}
