import { PlaceholderPage } from '../components/placeholder-page';
import { RouteTitleContext } from '../components/page-title';
import type { RouteDeclaration } from '../lib/routing/route-declaration';

/** A declared route's page, with the route's title for its PageTitle; a route without a page says it is not available yet. */
export function RoutePage({ route }: { route: RouteDeclaration }) {
  const Page = route.page ?? PlaceholderPage;
  return (
    <RouteTitleContext value={route.title}>
      <Page />
    </RouteTitleContext>
  );
}
