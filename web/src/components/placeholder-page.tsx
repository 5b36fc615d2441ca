import { PageTitle } from './page-title';

/** A route whose screen has not been built yet shows only the title its route declares. */
export function PlaceholderPage() {
  return <PageTitle />;
}
