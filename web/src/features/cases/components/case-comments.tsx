import { Paper, Stack, Text } from '@mantine/core';
import type { CaseComment } from '../../../../../shared/contract/case';
import { formatDateTime } from '../../../lib/dates';
import { caseTexts } from '../messages';

/**
 * The conversation, oldest first, each comment with who and when. An internal note (only admins ever get
 * one) sits on the colour scheme's light yellow with its label, so nobody takes it for what the customer
 * read; its texts keep the scheme's text colour, since dimmed grey does not reach 4.5:1 on the yellow.
 */
export function CaseComments({ comments, authorOf }: { comments: readonly CaseComment[]; authorOf: (comment: CaseComment) => string }) {
  if (comments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {caseTexts.noComments}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {comments.map((comment) =>
        comment.internal ? (
          <Paper
            key={comment.id}
            component="li"
            withBorder
            p="xs"
            bg="var(--mantine-color-yellow-light)"
            style={{ borderColor: 'var(--mantine-color-yellow-outline)' }}
            data-internal-note
          >
            <Text size="xs" fw={700}>
              {caseTexts.noteLabel}
            </Text>
            <Text size="xs">
              {authorOf(comment)}, {formatDateTime(comment.created)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {comment.comment}
            </Text>
          </Paper>
        ) : (
          <Paper key={comment.id} component="li" withBorder p="xs">
            <Text size="xs" c="dimmed">
              {authorOf(comment)}, {formatDateTime(comment.created)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {comment.comment}
            </Text>
          </Paper>
        ),
      )}
    </Stack>
  );
}
