import { Stack, Title, type MantineSpacing } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled section of the licenses screens, named by its heading for screen readers. */
export function LicenseSection({ title, gap = 'md', children }: { title: string; gap?: MantineSpacing; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} id={headingId} mb="sm">
        {title}
      </Title>
      <Stack gap={gap}>{children}</Stack>
    </section>
  );
}
