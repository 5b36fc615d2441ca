import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { MAX_CASE_TITLE_LENGTH } from '../../../../../shared/cases/cases';
import { useSubmit } from '../../../lib/forms/use-submit';
import { useCreateCase } from '../api/cases';
import { caseTexts } from '../messages';
import { CaseSubjectSelect, subjectParams, type SubjectChoice } from './case-subject-select';
import { CommentBox } from './comment-box';

/**
 * A new case: its description line and its first comment, both needed before it can be sent, and
 * optionally the license or product it is about.
 */
export function NewCaseForm({ onCreated }: { onCreated: (caseId: number) => void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [subject, setSubject] = useState<SubjectChoice>(null);
  const create = useCreateCase();
  const submit = useSubmit(() => create.mutateAsync({ title: title.trim(), description, ...subjectParams(subject) }), {
    success: ({ id }) => caseTexts.created(id),
    onSuccess: ({ id }) => onCreated(id),
  });
  const ready = title.trim() !== '' && description.trim() !== '';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) void submit.run();
      }}
    >
      <Stack gap="sm">
        <TextInput label="Description" required maxLength={MAX_CASE_TITLE_LENGTH} value={title} onChange={(event) => setTitle(event.currentTarget.value)} />
        <CaseSubjectSelect value={subject} onChange={setSubject} />
        <CommentBox label="Comment" value={description} onChange={setDescription} />
        <Group justify="flex-end">
          <Button type="submit" disabled={!ready} loading={submit.pending}>
            Open case
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
