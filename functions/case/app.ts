import { caseEndpointContract } from '../../shared/contract/case.endpoint';
import { createEndpointApp } from '../endpoint';
import { buckets } from '../lib/files/buckets';
import { attachmentByToken, completeAttachmentUpload, createAttachmentUpload, deleteAttachment, uploadCaseAttachment } from './handlers/attachments';
import { addComment, assignCaseHandler, closeCaseHandler, createCase, getCase, getCaseComments, getCaseStatistics, getCases } from './handlers/cases';


export const app = createEndpointApp(caseEndpointContract, {
  get_cases: getCases,
  get_case: getCase,
  get_case_comments: getCaseComments,
  get_case_statistics: getCaseStatistics,
  create_case: createCase,
  add_comment: addComment,
  upload_case_attachment: uploadCaseAttachment,
  create_attachment_upload: createAttachmentUpload,
  complete_attachment_upload: completeAttachmentUpload,
  assign_case: assignCaseHandler,
  close_case: closeCaseHandler,
  delete_attachment: deleteAttachment,
}, {
  // The spec's attachment path opened with the caller's token (the edge sends such requests here).
  [`${buckets.attachments.served.path}/:caseId/:attachmentId/:filename`]: attachmentByToken,
});
