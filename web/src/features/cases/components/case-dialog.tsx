import { Anchor, Button, Divider, FileButton, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { MAX_CASE_TITLE_LENGTH, attachmentExtensionList } from '../../../../../shared/cases/cases';
import { describeSize } from '../../../../../shared/api';
import { ErrorBanner } from '../../../components/error-banner';
import { PageLoader } from '../../../components/page-loader';
import { formatDate } from '../../../lib/dates';
import { failureMessage, useSubmit } from '../../../lib/forms/use-submit';
import { adminChoiceLabel, adminName, type AdminSummary } from '../admin-name';
import {
  AttachmentRefused,
  useAddComment,
  useAssignCase,
  useCase,
  useCloseCase,
  useCreateCase,
  useDeleteAttachment,
  useUploadAttachment,
  type CaseDetail,
} from '../api/cases';
import { caseTexts } from '../messages';
import { CaseStateBadge } from './case-state-badge';
import { CommentBox } from './comment-box';

interface CaseDialogProps {
  /** The case shown, or 0 for a new one. */
  caseId: number;
  isAdmin: boolean;
  admins: readonly AdminSummary[];
  /** A new case was opened: the dialog shows it. */
  onCreated: (caseId: number) => void;
}

/**
 * The case dialog's body: a new case's form, or a case with its conversation. A failure of anything done
 * in it (a refused file, a comment too long, a case that failed to load) shows in its own banner, at the
 * top of the dialog, where the user is looking.
 */
export function CaseDialog({ caseId, isAdmin, admins, onCreated }: CaseDialogProps) {
  return (
    <>
      <ErrorBanner />
      {caseId === 0 ? <NewCaseForm onCreated={onCreated} /> : <ExistingCase caseId={caseId} isAdmin={isAdmin} admins={admins} />}
    </>
  );
}

/** A new case: its description line and its first comment, both needed before it can be sent. */
function NewCaseForm({ onCreated }: { onCreated: (caseId: number) => void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const create = useCreateCase();
  const submit = useSubmit(() => create.mutateAsync({ title: title.trim(), description }), {
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

const authorOf = (detail: CaseDetail, userId: number, byAdmin: boolean, isAdmin: boolean, admins: readonly AdminSummary[]) => {
  if (!byAdmin && userId === detail.user_id) return detail.name || detail.email || `User ${userId}`;
  return isAdmin ? adminName(admins, userId) : caseTexts.support;
};

/** A case: its state, comments and attachments, a comment box, and for admins assignment and Close. */
function ExistingCase({ caseId, isAdmin, admins }: { caseId: number; isAdmin: boolean; admins: readonly AdminSummary[] }) {
  const query = useCase(caseId);
  if (query.isPending) return <PageLoader />;
  // A failed load shows its message in the dialog's banner.
  if (!query.data) return null;
  const detail = query.data;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fw={600}>{detail.title}</Text>
        <Group gap="xs">
          <CaseStateBadge state={detail.state} />
          <Text size="sm" c="dimmed">
            {isAdmin ? `${detail.name} (${detail.email}), ` : ''}opened {formatDate(detail.created)}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {detail.description}
        </Text>
      </Stack>
      {isAdmin && <AdminActions detail={detail} admins={admins} />}
      <Divider label="Comments" labelPosition="left" />
      {detail.comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {caseTexts.noComments}
        </Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {detail.comments.map((comment) => (
            <Paper key={comment.id} component="li" withBorder p="xs">
              <Text size="xs" c="dimmed">
                {authorOf(detail, comment.user_id, comment.by_admin, isAdmin, admins)}, {formatDate(comment.created)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {comment.comment}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      <Divider label="Attachments" labelPosition="left" />
      <Attachments detail={detail} isAdmin={isAdmin} admins={admins} />
      <AddComment caseId={caseId} />
    </Stack>
  );
}

/** The comment box with Add comment and Comment and close, both disabled while it is empty. */
function AddComment({ caseId }: { caseId: number }) {
  const [comment, setComment] = useState('');
  const addComment = useAddComment();
  const submit = useSubmit((close: boolean) => addComment.mutateAsync({ case_id: caseId, comment, close }), {
    success: (_result, close) => (close ? caseTexts.commentedAndClosed(caseId) : caseTexts.commented(caseId)),
    onSuccess: () => setComment(''),
  });
  const empty = comment.trim() === '';
  return (
    <Stack gap="sm">
      <CommentBox label="Comment" value={comment} onChange={setComment} />
      <Group justify="flex-end">
        <Button variant="default" disabled={empty} loading={submit.pending} onClick={() => void submit.run(true)}>
          Comment and close
        </Button>
        <Button disabled={empty} loading={submit.pending} onClick={() => void submit.run(false)}>
          Add comment
        </Button>
      </Group>
    </Stack>
  );
}

const UNASSIGNED = '';

/** An admin's: who the case is assigned to (any administrator, or nobody), and Close. */
function AdminActions({ detail, admins }: { detail: CaseDetail; admins: readonly AdminSummary[] }) {
  const assign = useAssignCase();
  const close = useCloseCase();
  const assignSubmit = useSubmit((userId: number | null) => assign.mutateAsync({ case_id: detail.id, user_id: userId }), {
    success: ({ assigned_to }) => caseTexts.assigned(detail.id, assigned_to === null ? null : adminName(admins, assigned_to)),
  });
  const closeSubmit = useSubmit(() => close.mutateAsync(detail.id), { success: () => caseTexts.closed(detail.id) });
  const options = [{ value: UNASSIGNED, label: 'Nobody' }, ...admins.map((admin) => ({ value: String(admin.id), label: adminChoiceLabel(admin) }))];
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Assigned to"
        data={options}
        value={detail.assigned_to === null ? UNASSIGNED : String(detail.assigned_to)}
        allowDeselect={false}
        disabled={assignSubmit.pending}
        onChange={(value) => void assignSubmit.run(value ? Number(value) : null)}
      />
      <Button variant="default" disabled={detail.state === 0} loading={closeSubmit.pending} onClick={() => void closeSubmit.run()}>
        Close case
      </Button>
    </Group>
  );
}

type Attachment = CaseDetail['attachments'][number];

/** The file picker offers the allowed types (the upload checks them again, and the server too). */
const ACCEPTED_EXTENSIONS = attachmentExtensionList.replaceAll(' ', '');

/** The case's files: each with its size, uploader and date, a download link, and Delete where the caller may; then Attach a file. */
function Attachments({ detail, isAdmin, admins }: { detail: CaseDetail; isAdmin: boolean; admins: readonly AdminSummary[] }) {
  const upload = useUploadAttachment();
  const remove = useDeleteAttachment();
  const uploadSubmit = useSubmit((file: File) => upload.mutateAsync({ caseId: detail.id, file }), {
    success: (attachment) => caseTexts.attached(attachment.filename),
    failure: (error) => (error instanceof AttachmentRefused ? error.message : failureMessage(error)),
  });
  const deleteSubmit = useSubmit((attachment: Attachment) => remove.mutateAsync(attachment.id), {
    confirm: (attachment) => caseTexts.deleteAttachmentQuestion(attachment.filename, detail.id),
    success: (_result, attachment) => caseTexts.attachmentDeleted(attachment.filename),
  });
  return (
    <Stack gap="xs">
      {detail.attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {caseTexts.noAttachments}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {detail.attachments.map((attachment) => (
            <Group key={attachment.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm">
                {attachment.link ? (
                  <Anchor href={attachment.link} download={attachment.filename} size="sm">
                    {attachment.filename}
                  </Anchor>
                ) : (
                  `${attachment.filename} (${caseTexts.uploading})`
                )}{' '}
                <Text span size="xs" c="dimmed">
                  {describeSize(attachment.size)}, {authorOf(detail, attachment.user_id, attachment.user_id !== detail.user_id, isAdmin, admins)},{' '}
                  {formatDate(attachment.uploaded)}
                </Text>
              </Text>
              {attachment.can_delete && (
                <Button size="compact-xs" variant="subtle" color="red" aria-label={`Delete ${attachment.filename}`} onClick={() => void deleteSubmit.run(attachment)}>
                  Delete
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <Group gap="sm">
        <FileButton accept={ACCEPTED_EXTENSIONS} onChange={(file) => file && void uploadSubmit.run(file)}>
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={uploadSubmit.pending}>
              {caseTexts.attachFile}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {caseTexts.attachmentLimits}
        </Text>
      </Group>
    </Stack>
  );
}
