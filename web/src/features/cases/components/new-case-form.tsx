import { Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { MAX_CASE_TITLE_LENGTH, attachmentExtensionList } from '../../../../../shared/cases/cases';
import { failureMessage, useSubmit } from '../../../lib/forms/use-submit';
import { AttachmentRefused, checkAttachment, useCreateCase, useUploadAttachment } from '../api/cases';
import { caseTexts } from '../messages';
import { CaseSubjectSelect, subjectParams, type SubjectChoice } from './case-subject-select';
import { CommentBox } from './comment-box';

const ACCEPTED_EXTENSIONS = attachmentExtensionList.replaceAll(' ', '');
const refusal = (error: unknown) => (error instanceof AttachmentRefused ? error.message : failureMessage(error));

/**
 * A new case: its description line and its first comment, both needed before it can be sent, and
 * optionally the license or product it is about and a file, attached as soon as the case is open (one
 * step for the customer; a file refused then leaves the case open and says why).
 */
export function NewCaseForm({ onCreated }: { onCreated: (caseId: number) => void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [subject, setSubject] = useState<SubjectChoice>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileRefused, setFileRefused] = useState<string | null>(null);
  const create = useCreateCase();
  const upload = useUploadAttachment();
  const submit = useSubmit(
    async () => {
      const { id } = await create.mutateAsync({ title: title.trim(), description, ...subjectParams(subject) });
      if (!file) return { id, notAttached: null };
      try {
        await upload.mutateAsync({ caseId: id, file });
        return { id, notAttached: null };
      } catch (error) {
        return { id, notAttached: refusal(error) };
      }
    },
    {
      success: ({ id, notAttached }) => (!file ? caseTexts.created(id) : notAttached ? caseTexts.createdWithoutFile(id, file.name, notAttached) : caseTexts.createdWithFile(id, file.name)),
      onSuccess: ({ id }) => onCreated(id),
    },
  );
  const pick = (picked: File | null) => {
    setFileRefused(null);
    if (!picked) return;
    try {
      checkAttachment(picked);
      setFile(picked);
    } catch (error) {
      setFile(null);
      setFileRefused(refusal(error));
    }
  };
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
        <Group gap="sm">
          <FileButton accept={ACCEPTED_EXTENSIONS} onChange={pick}>
            {(props) => (
              <Button {...props} variant="default" size="xs">
                {caseTexts.attachOptional}
              </Button>
            )}
          </FileButton>
          {file ? (
            <>
              <Text size="sm">{file.name}</Text>
              <Button size="compact-xs" variant="subtle" aria-label={caseTexts.removeFile(file.name)} onClick={() => setFile(null)}>
                Remove
              </Button>
            </>
          ) : (
            <Text size="xs" c="dimmed">
              {caseTexts.attachmentLimits}
            </Text>
          )}
        </Group>
        {fileRefused && (
          <Text size="sm" c="red" role="alert">
            {fileRefused}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!ready} loading={submit.pending}>
            Open case
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
