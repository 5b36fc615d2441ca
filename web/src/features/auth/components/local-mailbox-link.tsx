import { Anchor } from '@mantine/core';
import { getConfig } from '../../../config';

/** On the local stack only: where the mailed codes can be read (/local/mailbox, opened beside the form). */
export function LocalMailboxLink() {
  if (!getConfig().local) return null;
  return (
    <Anchor href="/local/mailbox" target="_blank" rel="noopener" size="sm">
      Local mailbox
    </Anchor>
  );
}
