import { Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_CASE_TITLE_LENGTH, caseMessages } from '../../../../../shared/cases/cases';
import { caseContract } from '../../../../../shared/contract/case';
import { userAdminContract } from '../../../../../shared/contract/user.admin';
import { isUserIdText } from '../../../../../shared/forms/licenses';
import { ApiCallError, call } from '../../../api/client';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { cmdKey } from '../../../api/cmd-query';
import { useSubmit } from '../../../lib/forms/use-submit';
import { ATTACHMENT_ACCEPT, CASE_CHANGES, attachmentFailure, checkAttachment, useUploadAttachment } from '../case-changes';
import { caseTexts } from '../messages';
import { CaseSubjectSelect, subjectParams, type SubjectChoice } from './case-subject-select';
import { CommentBox } from './comment-box';


/** The user of an id as the customer field shows them, or null when there is none (answered at the field, not as a page error). */
const customerLookup = (userId: number) =>
  queryOptions({
    // Under the cmd's own key (a move invalidates it too), set apart: this answer may be null.
    queryKey: [...cmdKey(userAdminContract, 'get_user_information', { user_id: userId }), 'customer'],
    queryFn: () =>
      call(userAdminContract, 'get_user_information', { user_id: userId }).catch((error: unknown) => {
        if (error instanceof ApiCallError && error.fromServer && error.httpStatus === 404) return null;
        throw error;
      }),
  });

/**
 * An admin's customer field: the user id of the customer the case is opened for, with their email once
 * the user is found (or that there is no such user); empty, the case is the admin's own.
 */
function CustomerField({ text, onChange }: { text: string; onChange: (text: string) => void }) {
  const valid = isUserIdText(text);
  const userId = valid ? Number(text) : 0;
  const found = useQuery({ ...customerLookup(userId), enabled: valid });
  const malformed = text.trim() !== '' && !valid;
  const error = malformed ? caseTexts.forCustomerInvalid : valid && found.data === null ? caseMessages.customerNotFound(userId) : undefined;
  const description = valid && found.data ? caseTexts.forCustomerFound(found.data.email) : caseTexts.forCustomerHint;
  return (
    <TextInput
      label={caseTexts.forCustomer}
      inputMode="numeric"
      autoComplete="off"
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      description={description}
      error={error}
    />
  );
}

/**
 * A new case: its description line and its first comment, both needed before it can be sent, and
 * optionally the license or product it is about and a file, attached as soon as the case is open (one
 * step for the customer; a file refused then leaves the case open and says why).
 */
export function NewCaseForm({ onCreated, isAdmin = false }: { onCreated: (caseId: number) => void; isAdmin?: boolean }) {
  const [customerText, setCustomerText] = useState('');
  const customer = isAdmin && isUserIdText(customerText) ? Number(customerText) : null;
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [subject, setSubject] = useState<SubjectChoice>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileRefused, setFileRefused] = useState<string | null>(null);
  const create = useCmdMutation(caseContract, 'create_case', CASE_CHANGES);
  const upload = useUploadAttachment();
  const submit = useSubmit(
    async () => {
      const { id } = await create.mutateAsync({
        title: title.trim(),
        description,
        // The subject list holds the caller's own licenses and products, so it is not offered for a customer.
        ...(customer === null ? subjectParams(subject) : { user_id: customer }),
      });
      if (!file) return { id, notAttached: null };
      try {
        await upload.mutateAsync({ caseId: id, file });
        return { id, notAttached: null };
      } catch (error) {
        return { id, notAttached: attachmentFailure(error) };
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
      setFileRefused(attachmentFailure(error));
    }
  };
  const ready = title.trim() !== '' && description.trim() !== '' && (customerText.trim() === '' || customer !== null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) void submit.run();
      }}
    >
      <Stack gap="sm">
        {isAdmin && <CustomerField text={customerText} onChange={setCustomerText} />}
        <TextInput label="Description" required maxLength={MAX_CASE_TITLE_LENGTH} value={title} onChange={(event) => setTitle(event.currentTarget.value)} />
        {customer === null && <CaseSubjectSelect value={subject} onChange={setSubject} />}
        <CommentBox label="Comment" value={description} onChange={setDescription} />
        <Group gap="sm">
          <FileButton accept={ATTACHMENT_ACCEPT} onChange={pick}>
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
