import { Anchor, Button, Divider, FileButton, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { describeSize } from '../../../../../shared/api';
import { caseContract } from '../../../../../shared/contract/case';
import { caseAdminContract } from '../../../../../shared/contract/case.admin';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useCmdQuery } from '../../../api/cmd-query';
import { ErrorBanner } from '../../../components/error-banner';
import { PageLoader } from '../../../components/page-loader';
import { personText } from '../../../components/person';
import { formatDate } from '../../../lib/dates';
import { useSubmit } from '../../../lib/forms/use-submit';
import { adminChoiceLabel, adminName, type AdminSummary } from '../admin-name';
import { ATTACHMENT_ACCEPT, CASE_CHANGES, attachmentFailure, linkRenewalDelay, useUploadAttachment, type CaseDetail } from '../case-changes';
import { caseTexts } from '../messages';
import { CaseConversation } from './case-comments';
import { CaseHistory } from './case-history';
import { CaseStateBadge } from './case-state-badge';
import { CaseSubject } from './case-subject';
import { CommentBox } from './comment-box';
import { NewCaseForm } from './new-case-form';

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
      {caseId === 0 ? <NewCaseForm onCreated={onCreated} isAdmin={isAdmin} /> : <ExistingCase caseId={caseId} isAdmin={isAdmin} admins={admins} />}
    </>
  );
}

const authorOf = (detail: CaseDetail, userId: number, byAdmin: boolean, isAdmin: boolean, admins: readonly AdminSummary[]) => {
  if (!byAdmin && userId === detail.user_id) return detail.name || detail.email || `User ${userId}`;
  return isAdmin ? adminName(admins, userId) : caseTexts.support;
};

/** Anyone in an admin's history: an administrator by name, the case's user as the admin screens name users. */
const personInCase = (detail: CaseDetail, userId: number, admins: readonly AdminSummary[]) => {
  if (admins.some((admin) => admin.id === userId)) return adminName(admins, userId);
  if (userId === detail.user_id) return personText({ id: userId, name: detail.name, email: detail.email });
  return personText({ id: userId });
};

/**
 * A case: what it is about, its state, comments and attachments, a comment box, and for admins
 * assignment, Close, internal notes and the history.
 */
function ExistingCase({ caseId, isAdmin, admins }: { caseId: number; isAdmin: boolean; admins: readonly AdminSummary[] }) {
  const query = useCmdQuery(caseContract, 'get_case', { id: caseId }, {
    enabled: caseId > 0,
    // Read again before its download links end.
    refetchInterval: (query) => linkRenewalDelay(query.state.data),
  });
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
        <CaseSubject license={detail.license} product={detail.product} isAdmin={isAdmin} />
      </Stack>
      {isAdmin ? (
        <AdminActions detail={detail} admins={admins} />
      ) : (
        <Group>
          <CloseCase detail={detail} />
        </Group>
      )}
      <Divider label="Comments" labelPosition="left" />
      <CaseConversation
        key={detail.comments[0]?.id ?? 0}
        caseId={detail.id}
        comments={detail.comments}
        earlier={detail.earlier_comments}
        authorOf={(comment) => authorOf(detail, comment.user_id, comment.by_admin, isAdmin, admins)}
      />
      <Divider label="Attachments" labelPosition="left" />
      <Attachments detail={detail} isAdmin={isAdmin} admins={admins} />
      <AddComment caseId={caseId} isAdmin={isAdmin} />
      {isAdmin && detail.history && (
        <>
          <Divider label={caseTexts.history} labelPosition="left" />
          <CaseHistory history={detail.history} nameOf={(userId) => personInCase(detail, userId, admins)} />
        </>
      )}
    </Stack>
  );
}

/** How a comment is sent: to the conversation, closing the case with it, or as an admin's internal note. */
type CommentKind = 'comment' | 'close' | 'note';

const commentParams = (kind: CommentKind) => (kind === 'note' ? { internal: true } : { close: kind === 'close' });
const commentSent = (kind: CommentKind, caseId: number) =>
  kind === 'note' ? caseTexts.noteAdded(caseId) : kind === 'close' ? caseTexts.commentedAndClosed(caseId) : caseTexts.commented(caseId);

/**
 * The comment box with Add comment and Comment and close, and for admins Add internal note (a note the
 * customer never sees, which cannot close the case); all disabled while the box is empty.
 */
function AddComment({ caseId, isAdmin }: { caseId: number; isAdmin: boolean }) {
  const [comment, setComment] = useState('');
  const addComment = useCmdMutation(caseContract, 'add_comment', CASE_CHANGES);
  const submit = useSubmit((kind: CommentKind) => addComment.mutateAsync({ case_id: caseId, comment, ...commentParams(kind) }), {
    success: (_result, kind) => commentSent(kind, caseId),
    onSuccess: () => setComment(''),
  });
  const empty = comment.trim() === '';
  return (
    <Stack gap="sm">
      <CommentBox label="Comment" value={comment} onChange={setComment} />
      <Group justify="flex-end">
        {isAdmin && (
          <Button variant="default" disabled={empty} loading={submit.pending} onClick={() => void submit.run('note')}>
            {caseTexts.addNote}
          </Button>
        )}
        <Button variant="default" disabled={empty} loading={submit.pending} onClick={() => void submit.run('close')}>
          Comment and close
        </Button>
        <Button disabled={empty} loading={submit.pending} onClick={() => void submit.run('comment')}>
          Add comment
        </Button>
      </Group>
    </Stack>
  );
}

const UNASSIGNED = '';

/** Close case, without a comment: an admin's for any case, a customer's for their own (a comment reopens it). */
function CloseCase({ detail }: { detail: CaseDetail }) {
  const close = useCmdMutation(caseContract, 'close_case', CASE_CHANGES);
  const closeSubmit = useSubmit(() => close.mutateAsync({ case_id: detail.id }), { success: () => caseTexts.closed(detail.id) });
  return (
    <Button variant="default" disabled={detail.state === 0} loading={closeSubmit.pending} onClick={() => void closeSubmit.run()}>
      Close case
    </Button>
  );
}

/** An admin's: who the case is assigned to (any administrator, or nobody), and Close. */
function AdminActions({ detail, admins }: { detail: CaseDetail; admins: readonly AdminSummary[] }) {
  const assign = useCmdMutation(caseAdminContract, 'assign_case', CASE_CHANGES);
  const assignSubmit = useSubmit((userId: number | null) => assign.mutateAsync({ case_id: detail.id, user_id: userId }), {
    success: ({ assigned_to }) => caseTexts.assigned(detail.id, assigned_to === null ? null : adminName(admins, assigned_to)),
  });
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
      <CloseCase detail={detail} />
    </Group>
  );
}

type Attachment = CaseDetail['attachments'][number];

/** The file picker offers the allowed types (the upload checks them again, and the server too). */

/** The case's files: each with its size, uploader and date, a download link, and Delete where the caller may; then Attach a file. */
function Attachments({ detail, isAdmin, admins }: { detail: CaseDetail; isAdmin: boolean; admins: readonly AdminSummary[] }) {
  const upload = useUploadAttachment();
  const remove = useCmdMutation(caseContract, 'delete_attachment', CASE_CHANGES);
  const uploadSubmit = useSubmit((file: File) => upload.mutateAsync({ caseId: detail.id, file }), {
    success: (attachment) => caseTexts.attached(attachment.filename),
    failure: attachmentFailure,
  });
  const deleteSubmit = useSubmit((attachment: Attachment) => remove.mutateAsync({ attachment_id: attachment.id }), {
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
        <FileButton accept={ATTACHMENT_ACCEPT} onChange={(file) => file && void uploadSubmit.run(file)}>
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
