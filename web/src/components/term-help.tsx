import { ActionIcon, Popover, Text } from '@mantine/core';

/**
 * A word a person meets on a screen, explained where they meet it: a small button beside it (named "What
 * … means") that opens the explanation. A button, not a hover tooltip, so a keyboard, a screen reader and
 * a phone reach it alike; its icon adds no text to the value it stands beside.
 */
export function TermHelp({ term, children }: { term: string; children: string }) {
  return (
    <Popover width={300} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" size="sm" radius="xl" ml={4} aria-label={`What ${term} means`} style={{ verticalAlign: 'middle' }}>
          <svg viewBox="0 0 24 24" width={14} height={14} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <circle cx="12" cy="12" r="10" />
            <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 2.5-3 4.5" />
            <path d="M12 17.5h.01" />
          </svg>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{children}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
