import { Anchor, Button, Code, Group, Paper, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { copyText } from '../../../lib/clipboard';
import { useSubmit } from '../../../lib/forms/use-submit';
import { paths } from '../../../lib/routing/paths';
import { licenseCodeNotices, licenseCodeTexts } from '../messages';

/** The codes just generated, one a line, with Copy to clipboard (all of them) and a link to the code list. */
export function GeneratedCodes({ codes }: { codes: readonly string[] }) {
  const headingId = useId();
  const text = codes.join('\n');
  const copy = useSubmit(() => copyText(Promise.resolve(text)), {
    success: () => licenseCodeNotices.copied(codes.length),
  });
  return (
    <Paper component="section" withBorder p="md" maw={520} aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={3} size="h4" id={headingId}>
            {licenseCodeNotices.generated(codes.length)}
          </Title>
          <Button variant="default" size="sm" loading={copy.pending} onClick={() => void copy.run()}>
            Copy to clipboard
          </Button>
        </Group>
        {/* Focusable: a long list scrolls, and a keyboard scrolls it too. */}
        <Code block tabIndex={0} mah={320} style={{ overflowY: 'auto' }}>
          {text}
        </Code>
        <Anchor component={Link} to={paths.listCodes} size="sm">
          {licenseCodeTexts.toList}
        </Anchor>
      </Stack>
    </Paper>
  );
}
