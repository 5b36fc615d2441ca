import { Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** A page's heading; the browser tab shows it too. */
export function PageTitle({ children }: { children: string }) {
  useDocumentTitle(`${children} - User Management`);
  return (
    <Title order={2} mb="md">
      {children}
    </Title>
  );
}
