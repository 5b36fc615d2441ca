import { Text } from '@mantine/core';

/** A release's notes: plain text, its line breaks kept. */
export function ReleaseNotes({ notes }: { notes: string }) {
  if (!notes) return null;
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
      {notes}
    </Text>
  );
}
