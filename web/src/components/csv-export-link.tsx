import { Anchor, Button, Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSubmit } from '../lib/forms/use-submit';

interface CsvExportLinkProps {
  /** The export cmd: it writes the file and answers where it is (`/umdata/{filename}`) and for how long. */
  create: () => Promise<{ filename: string; time_alive: number }>;
}

/**
 * Create CSV: the button says "Creating CSV" while the server writes the file, then a link to it shows
 * for as long as the server said the file lives (`time_alive` seconds) and goes when the link stops
 * working. A new export replaces the link.
 */
export function CsvExportLink({ create }: CsvExportLinkProps) {
  const [link, setLink] = useState<{ href: string; until: number } | null>(null);
  const submit = useSubmit(create, {
    onSuccess: ({ filename, time_alive }) => setLink({ href: `/umdata/${filename}`, until: Date.now() + time_alive * 1000 }),
  });

  useEffect(() => {
    if (!link) return;
    const timer = setTimeout(() => setLink(null), Math.max(0, link.until - Date.now()));
    return () => clearTimeout(timer);
  }, [link]);

  return (
    <Group gap="sm">
      <Button variant="default" size="sm" disabled={submit.pending} onClick={() => void submit.run()}>
        {submit.pending ? 'Creating CSV' : 'Create CSV'}
      </Button>
      {link && !submit.pending && (
        <Anchor href={link.href} download size="sm">
          Download CSV
        </Anchor>
      )}
    </Group>
  );
}
