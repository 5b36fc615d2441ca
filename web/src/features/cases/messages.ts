import { describeSize } from '../../../../shared/api';
import { MAX_ATTACHMENT_BYTES, MAX_COMMENT_LENGTH, attachmentExtensionList } from '../../../../shared/cases/cases';

/** What the case screens say. */
export const caseTexts = {
  caseCount: (count: number) => `${count} ${count === 1 ? 'case' : 'cases'}`,
  noCases: 'No cases yet. To ask support something, press New case: give it a description line, say what happened, and attach a log or a screenshot if it helps.',
  noMatch: 'No cases match the filters.',
  newCase: 'New case',
  newCaseTitle: 'New case',
  caseTitle: (id: number) => `Case ${id}`,
  created: (id: number) => `Case ${id} opened`,
  createdWithFile: (id: number, filename: string) => `Case ${id} opened with ${filename}`,
  createdWithoutFile: (id: number, filename: string, reason: string) => `Case ${id} opened, but ${filename} was not attached: ${reason}`,
  attachOptional: 'Attach a file (optional)',
  removeFile: (filename: string) => `Remove ${filename}`,
  commented: (id: number) => `Comment added to case ${id}`,
  commentedAndClosed: (id: number) => `Comment added and case ${id} closed`,
  noteAdded: (id: number) => `Internal note added to case ${id}`,
  addNote: 'Add internal note',
  noteLabel: 'Internal note — not shown to the customer',
  closed: (id: number) => `Case ${id} closed`,
  assigned: (id: number, to: string | null) => (to ? `Case ${id} assigned to ${to}` : `Case ${id} no longer assigned`),
  counter: (length: number) => `${length.toLocaleString('en-US')} / ${MAX_COMMENT_LENGTH.toLocaleString('en-US')} characters`,
  support: 'Support',
  noComments: 'No comments yet.',
  /** How long an open case has waited since it last changed. */
  waitingFor: (age: string) => `for ${age}`,
  earlierComments: 'Show earlier comments',
  subjectField: 'About a license or product (optional)',
  subjectPlaceholder: 'Nothing in particular',
  noSubjects: 'You have no licenses or registered products to name',
  subjectLicenses: 'Licenses',
  subjectProducts: 'Registered products',
  about: 'About',
  licenseLabel: (license: { id: number; license_type_id: string }) => `License ${license.id} (${license.license_type_id})`,
  history: 'History',
  historyOpened: (who: string) => `${who} opened the case`,
  historyState: (who: string, from: string, to: string) => `${who} changed the state from ${from} to ${to}`,
  historyAssigned: (who: string, to: string) => `${who} assigned the case to ${to}`,
  historyCleared: (who: string) => `${who} cleared the assignment`,
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
