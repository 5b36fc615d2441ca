import { PageTitle } from './page-title';

/** A route whose screen has not been built yet shows only its title. */
export function PlaceholderPage({ title }: { title: string }) {
  return <PageTitle>{title}</PageTitle>;
}
