import * as z from 'zod/mini';

/**
 * What every searchable admin list cmd takes: a page size, a page, a direction and a
 * search; each cmd adds its own `order_by` columns.
 */
export const listPaging = {
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(1000))),
  page: z.optional(z.int().check(z.minimum(1))),
  descending: z.optional(z.boolean()),
  search: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
};

/** A CSV file in the exports bucket, served at /umdata/{filename} for time_alive seconds. */
export const csvExportSchema = z.object({ filename: z.string(), time_alive: z.int() });
