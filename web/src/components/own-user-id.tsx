import { Button, CopyButton, TextInput } from '@mantine/core';

/** What the user's own id is for: the number others type to move or share something to them. */
export const ownUserIdTexts = {
  label: 'Your user id',
  purpose: 'Give it to a colleague who moves a license or product to you, or shares a license with you.',
  copy: 'Copy',
  copied: 'Copied',
  copyLabel: 'Copy your user id',
} as const;

/**
 * The signed-in user's own id (read-only, like the profile's username), with a copy button and what it
 * is for: the Move and Share forms ask for a colleague's id, and this is where that colleague finds theirs.
 */
export function OwnUserId({ id }: { id: number }) {
  return (
    <TextInput
      label={ownUserIdTexts.label}
      description={ownUserIdTexts.purpose}
      value={String(id)}
      readOnly
      variant="filled"
      maw={480}
      rightSectionWidth={88}
      rightSectionPointerEvents="all"
      rightSection={
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
      }
    />
  );
}
