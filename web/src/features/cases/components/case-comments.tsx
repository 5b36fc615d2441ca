import { Button, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type CaseComment, caseContract } from '../../../../../shared/contract/case';
import { call } from '../../../api/client';
import { formatDateTime } from '../../../lib/dates';
import { useSubmit } from '../../../lib/forms/use-submit';
import { caseTexts } from '../messages';

interface ConversationProps {
  caseId: number;
  /** The newest page of comments, as get_case answers it (oldest first). */
  comments: readonly CaseComment[];
  /** Whether there are earlier comments than those. */
  earlier: boolean;
  authorOf: (comment: CaseComment) => string;
}

/**
 * A case's conversation: the newest page of comments, and "Show earlier comments" above them while there
 * are earlier ones, each press adding the page before. A new newest page (a comment was written) starts
 * over from it, so no comment between the pages is missed (the dialog keys it by its first comment).
 */
export function CaseConversation({ caseId, comments, earlier, authorOf }: ConversationProps) {
  const [loaded, setLoaded] = useState<{ comments: readonly CaseComment[]; earlier: boolean }>({ comments: [], earlier });
  const shown = [...loaded.comments, ...comments];
  const more = useSubmit(() => call(caseContract, 'get_case_comments', { case_id: caseId, before: shown[0]!.id }), {
    onSuccess: (page) => setLoaded({ comments: [...page.comments, ...loaded.comments], earlier: page.earlier_comments }),
  });
  return (
    <Stack gap="xs">
      {loaded.earlier && shown.length > 0 && (
        <Button variant="subtle" size="xs" style={{ alignSelf: 'flex-start' }} loading={more.pending} onClick={() => void more.run()}>
          {caseTexts.earlierComments}
        </Button>
      )}
      <CaseComments comments={shown} authorOf={authorOf} />
    </Stack>
  );
}

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
