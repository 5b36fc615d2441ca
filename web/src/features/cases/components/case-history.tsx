import { Text, Timeline } from '@mantine/core';
import type { CaseEvent } from '../../../../../shared/contract/case';
import { formatDateTime } from '../../../lib/dates';
import { historyText } from '../history-text';

/** An admin's view of the case's history, oldest first: every state change and assignment in words, with the date. */
export function CaseHistory({ history, nameOf }: { history: readonly CaseEvent[]; nameOf: (userId: number) => string }) {
  return (
    <Timeline active={history.length - 1} bulletSize={12} lineWidth={2}>
      {history.map((event, index) => (
        <Timeline.Item key={`${event.at}-${event.kind}-${index}`} title={<Text size="sm">{historyText(event, nameOf)}</Text>}>
          <Text size="xs" c="dimmed">
            {formatDateTime(event.at)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
