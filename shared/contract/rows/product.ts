import * as z from 'zod/mini';

/*
 * The registered unit, which product.admin and user.admin's user information return too: in a module of
 * its own, as the contract modules' schemas are top-level zod calls a bundler cannot drop (see
 * rows/license.ts).
 */

/** A registered unit, with its owner and license; lists also carry banner and link (none yet: null). */
export const productSchema = () => z.object({
  id: z.int(),
  created: z.string(),
  product_id: z.string(),
  uid: z.string(),
  hardware_version: z.string(),
  user_id: z.int(),
  license_id: z.nullable(z.int()),
  ean: z.string(),
  banner: z.nullable(z.string()),
  link: z.nullable(z.string()),
});
export type Product = z.infer<ReturnType<typeof productSchema>>;
