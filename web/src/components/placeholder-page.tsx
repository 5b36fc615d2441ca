import { Text } from '@mantine/core';
import { useContext } from 'react';
import { PageTitle, RouteTitleContext } from './page-title';

/** What a page that is not built yet says. */
export const placeholderTexts = {
  notBuilt: (title: string) => `${title} is not available yet: this page comes with a later version of the portal.`,
} as const;

/**
 * A route whose screen has not been built yet: its title and a line saying so in words, since a bare
 * title reads as a broken page or as one with nothing in it.
 */
export default function PlaceholderPage() {
  const title = useContext(RouteTitleContext) ?? 'This page';
  return (
    <>
      <PageTitle />
      <Text maw={640}>{placeholderTexts.notBuilt(title)}</Text>
    </>
  );
}
