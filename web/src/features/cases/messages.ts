import { describeSize } from '../../../../shared/api';
import { MAX_ATTACHMENT_BYTES, MAX_COMMENT_LENGTH, attachmentExtensionList } from '../../../../shared/cases/cases';

/** What the case screens say. */
export const caseTexts = {
  caseCount: (count: number) => `${count} ${count === 1 ? 'case' : 'cases'}`,
  noCases: 'No cases yet.',
  noMatch: 'No cases match the filters.',
  newCase: 'New case',
  newCaseTitle: 'New case',
  caseTitle: (id: number) => `Case ${id}`,
  created: (id: number) => `Case ${id} opened`,
  commented: (id: number) => `Comment added to case ${id}`,
  commentedAndClosed: (id: number) => `Comment added and case ${id} closed`,
  closed: (id: number) => `Case ${id} closed`,
  assigned: (id: number, to: string | null) => (to ? `Case ${id} assigned to ${to}` : `Case ${id} no longer assigned`),
  counter: (length: number) => `${length.toLocaleString('en-US')} / ${MAX_COMMENT_LENGTH.toLocaleString('en-US')} characters`,
  support: 'Support',
  noComments: 'No comments yet.',
  noAttachments: 'No attachments.',
  uploading: 'Uploading…',
  attachFile: 'Attach a file',
  attachmentLimits: `Up to ${describeSize(MAX_ATTACHMENT_BYTES)}: ${attachmentExtensionList}`,
  attached: (filename: string) => `${filename} attached`,
  attachmentDeleted: (filename: string) => `${filename} deleted`,
  deleteAttachmentQuestion: (filename: string, caseId: number) => ({
    title: `Delete ${filename}?`,
    message: `${filename} is removed from case ${caseId} for good: nobody can download it any more.`,
    confirmLabel: 'Delete attachment',
    danger: true,
  }),
} as const;

/** The filters' labels, in the order the list shows them. */
export const caseFilterLabels = {
  all: 'All',
  open: 'Open',
  closed: 'Closed',
  waitingForAdmin: 'Waiting for admin response',
} as const;
