import { apiMessages, describeSize } from '../api';

/**
 * Support cases as both sides read them: the states, the list filters, the limits and the texts the
 * case endpoint answers with. Plain data and pure functions only.
 */

/** A case's state: 0 Closed, 1 New, 2 Waiting for user response, 3 Waiting for admin response. */
export const CASE_STATE = { closed: 0, new: 1, waitingForUser: 2, waitingForAdmin: 3 } as const;
export type CaseState = (typeof CASE_STATE)[keyof typeof CASE_STATE];
export const CASE_STATES = [0, 1, 2, 3] as const satisfies readonly CaseState[];

/** The states' names as the product shows them. */
export const caseStateNames: Record<CaseState, string> = {
  0: 'Closed',
  1: 'New',
  2: 'Waiting for user response',
  3: 'Waiting for admin response',
};

/** The list filters, by the states each takes: All; Open (1, 2, 3; the default); Closed (0); Waiting for admin response (1, 3). */
export const caseFilters = {
  all: [0, 1, 2, 3],
  open: [1, 2, 3],
  closed: [0],
  waitingForAdmin: [1, 3],
} as const satisfies Record<string, readonly CaseState[]>;

/** A comment (and a case's description) is at most 65,535 characters. */
export const MAX_COMMENT_LENGTH = 65_535;
/** A case's title (its description line): one line of at most 200 characters. */
export const MAX_CASE_TITLE_LENGTH = 200;
/** A file name as kept: at most 100 characters, after cleaning. */
export const MAX_ATTACHMENT_NAME_LENGTH = 100;

/**
 * A file sent through the API itself (multipart `upload_case_attachment`): at most 4 MB, what API
 * Gateway carries to a Lambda with room to spare (it hands over ~4.4 MB of binary body, base64 in a 6 MB event).
 */
export const MAX_MULTIPART_ATTACHMENT_BYTES = 4 * 1024 * 1024;
/** A file uploaded straight to storage (`create_attachment_upload`): at most 50 MB. */
export const MAX_ATTACHMENT_BYTES = 50 * 1024 * 1024;
/**
 * A case's conversation is answered a page at a time, newest first: at most 50 comments and about 1 MB of
 * them (always at least one), so a case answers in well under what an API answer may carry (6 MB)
 * however long its conversation grows; earlier ones are asked for with get_case_comments.
 */
export const CASE_COMMENT_PAGE = { most: 50, bytes: 1024 * 1024 } as const;
/** Attachments a case keeps at most. */
export const MAX_ATTACHMENTS_PER_CASE = 50;
/** How long a download link to an attachment works, in seconds. */
export const ATTACHMENT_LINK_SECONDS = 300;
/** How long a presigned upload may be started, in seconds. */
export const ATTACHMENT_UPLOAD_SECONDS = 600;

/** Per customer and hour: cases opened, comments written, attachments uploaded (admins are not held to them). */
export const CASE_LIMITS = { cases: 10, comments: 60, uploads: 30 } as const;

/**
 * What a customer's attachments may weigh, beside how many they send: at most 200 MB kept on their cases,
 * closed ones too (a deleted attachment gives its bytes back; closing does not, as a customer may close
 * their own cases and their files are still kept), and at most 500 MB sent
 * in any 24 hours (an upload counts when its form is handed out, whether or not the file follows).
 */
export const CASE_UPLOAD_BYTES = { cases: 200 * 1024 * 1024, perDay: 500 * 1024 * 1024 } as const;

/**
 * The file types a support desk accepts, by extension, with the content type they are kept and served
 * under: text and logs, images, PDF, CSV and the toolset's exports as text, and zip archives. Nothing
 * that a browser would run (HTML, SVG, scripts) is on it, and every download is an attachment anyway.
 */
export const attachmentTypes = {
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  xml: 'application/xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
} as const satisfies Record<string, string>;
export type AttachmentExtension = keyof typeof attachmentTypes;

/** The extensions as the product lists them (".txt, .log, …"). */
export const attachmentExtensionList = Object.keys(attachmentTypes)
  .map((extension) => `.${extension}`)
  .join(', ');

/**
 * A file name as kept and linked: the last path part, letters, digits, dot, dash and underscore only
 * (anything else becomes `_`), no leading dots, at most MAX_ATTACHMENT_NAME_LENGTH characters keeping the
 * extension, its extension in lower case. Null when nothing usable is left.
 */
export function cleanAttachmentName(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  const safe = base
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._-]+/, '');
  const dot = safe.lastIndexOf('.');
  if (dot <= 0) return null;
  const extension = safe.slice(dot + 1).toLowerCase();
  const stem = safe.slice(0, dot).slice(0, MAX_ATTACHMENT_NAME_LENGTH - extension.length - 1);
  return stem ? `${stem}.${extension}` : null;
}

/** The content type a cleaned name is kept under, or null when its type is not on the allow-list. */
export function attachmentTypeOf(cleanName: string): string | null {
  const extension = cleanName.slice(cleanName.lastIndexOf('.') + 1).toLowerCase();
  return Object.hasOwn(attachmentTypes, extension) ? attachmentTypes[extension as AttachmentExtension] : null;
}

export const caseMessages = {
  notFound: (id: number) => `Case ${id} not found`,
  attachmentNotFound: (id: number) => `Attachment ${id} not found`,
  titleRequired: 'Enter a description line',
  titleTooLong: `The description line is at most ${MAX_CASE_TITLE_LENGTH} characters`,
  commentRequired: 'Enter a comment',
  commentTooLong: `A comment is at most ${MAX_COMMENT_LENGTH} characters`,
  badFileName: 'The file needs a name with an extension',
  fileTypeNotAllowed: `This type of file cannot be attached. Allowed: ${attachmentExtensionList}`,
  fileTooLarge: (maxBytes: number) => `The file is larger than ${describeSize(maxBytes)}, the most an attachment may be`,
  tooManyAttachments: `A case keeps at most ${MAX_ATTACHMENTS_PER_CASE} attachments`,
  uploadNotFinished: 'The file has not arrived yet: upload it, then complete the upload',
  uploadFinished: 'This upload is complete already',
  sizeDiffers: 'The file that arrived is not the size announced',
  deleteOwnOnly: 'Only administrators and the uploader may delete an attachment',
  assigneeNotAdmin: (id: number) => `User ${id} is not an administrator`,
  internalNoteForAdmins: 'Only support writes internal notes',
  openForCustomerAdminsOnly: 'Only support opens a case for another user',
  customerNotFound: apiMessages.userNotFound,
  internalNoteCannotClose: 'An internal note cannot close a case: close it with Close case, or close with a comment to the customer',
  licenseNotHeld: (id: number) => `License ${id} is not one of your licenses`,
  productNotOwned: (id: number) => `Product ${id} is not one of your registered products`,
  changedMeanwhile: (id: number) => `Case ${id} changed meanwhile, try again`,
  caseBytesFull: `Your cases hold ${describeSize(CASE_UPLOAD_BYTES.cases)} of your files, the most they may: delete attachments you no longer need first`,
} as const;
