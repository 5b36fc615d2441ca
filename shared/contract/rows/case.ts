import * as z from 'zod/mini';

/*
 * The case row, which user.admin's user information returns too: in a module of its own, as the
 * contract modules' schemas are top-level zod calls a bundler cannot drop (see rows/license.ts).
 */

const state = () => z.int().check(z.minimum(0), z.maximum(3));

/** A case as lists and the dialog show it. */
export const caseSchema = () => z.object({
  id: z.int(),
  title: z.string(),
  description: z.string(),
  user_id: z.int(),
  name: z.string(),
  email: z.string(),
  created: z.string(),
  updated: z.string(),
  /** 0 Closed, 1 New, 2 Waiting for user response, 3 Waiting for admin response. */
  state: state(),
  /** The administrator the case is assigned to, or null. */
  assigned_to: z.nullable(z.int()),
  attachment_count: z.int(),
});
export type Case = z.infer<ReturnType<typeof caseSchema>>;
