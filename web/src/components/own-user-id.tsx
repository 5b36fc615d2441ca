import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/** What the user's own id is for: the number others type to move or share something to them. */
export const ownUserIdTexts = {
  label: 'Your user id',
  purpose: 'Give it to a colleague who moves a license or product to you, or shares a license with you.',
  copy: 'Copy',
  copied: 'Copied',
  copyLabel: 'Copy your user id',
} as const;

/**
 * The signed-in user's own id, with a copy button and what it is for: the Move and Share forms ask for
 * a colleague's id, and this is where that colleague finds theirs.
 */
export function OwnUserId({ id }: { id: number }) {
  return (
    <Stack gap={2}>
      <Group gap="xs" align="center">
        <Text size="sm" fw={600}>
          {ownUserIdTexts.label}
        </Text>
        <Code fz="sm" aria-label={ownUserIdTexts.label}>
          {id}
        </Code>
        <CopyButton value={String(id)} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant={copied ? 'light' : 'default'}
              color={copied ? 'teal' : undefined}
              onClick={copy}
              aria-label={copied ? ownUserIdTexts.copied : ownUserIdTexts.copyLabel}
            >
              {copied ? ownUserIdTexts.copied : ownUserIdTexts.copy}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" c="dimmed">
        {ownUserIdTexts.purpose}
      </Text>
    </Stack>
  );
}
