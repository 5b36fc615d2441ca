import * as z from 'zod/mini';

/**
 * A presigned upload as a cmd answers it (functions/lib/files/presigned-upload.ts makes it): the browser
 * POSTs a `multipart/form-data` form to `url` with every field of `fields`, then the file as `file`
 * (last). The storage refuses a file over the signed size or of another content type, and any upload
 * after `expires` (ISO 8601), and stores nothing then. A cmd that hands one out declares this result.
 */
export const presignedUploadSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expires: z.string(),
});
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;
