import { Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createContext, useContext } from 'react';

/** The title the current route declares; the router provides it around each page. */
export const RouteTitleContext = createContext<string | undefined>(undefined);

/**
 * A page's heading, the title its route declares; the browser tab shows it too. A page places it where
 * its layout wants it (inside its form, above its content). `children` overrides the declared title.
 */
export function PageTitle({ children }: { children?: string }) {
  const declared = useContext(RouteTitleContext);
  const title = children ?? declared;
  useDocumentTitle(title ? `${title} - User Management` : '');
  if (!title) return null;
  return (
    <Title order={2} mb="md">
      {title}
    </Title>
  );
}
