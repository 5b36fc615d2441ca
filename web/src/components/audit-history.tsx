import { Text, Timeline } from '@mantine/core';
import { auditActionWords } from '../../../shared/audit/action-words';
import type { AuditEntry } from '../../../shared/audit/entries';
import { formatDateTime } from '../lib/dates';
import { AuditChanges } from './audit-changes';
import { namesFrom, personText } from './person';

function HistoryItem({ entry }: { entry: AuditEntry }) {
  const nameOf = namesFrom(entry.people);
  return (
    <Timeline.Item title={auditActionWords(entry, nameOf)} role="listitem">
      <Text size="xs" c="dimmed">
        {formatDateTime(entry.at)} · {personText({ id: entry.by_user_id, email: entry.by_user_email })}
      </Text>
      <AuditChanges entry={entry} nameOf={nameOf} />
    </Timeline.Item>
  );
}

/**
 * A History's entries as the portal's admins read them (a license's, an organisation's), in the order
 * given: each in words, with when and who, and the fields before → after. A list named `label`, so a
 * screen reader says how many changes there are.
 */
export function AuditHistoryList({ entries, label }: { entries: readonly AuditEntry[]; label: string }) {
  return (
    <Timeline bulletSize={12} lineWidth={2} role="list" aria-label={label}>
      {entries.map((entry) => (
        <HistoryItem key={entry.id} entry={entry} />
      ))}
    </Timeline>
  );
}
