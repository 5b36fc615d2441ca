import * as z from 'zod/mini';

/** The most rows a list cmd answers in one call, unless its list declares more (ListColumns.maxLimit). */
export const MAX_LIST_LIMIT = 1000;

/** A `limit` param: from 1 row to `max`. */
export const limitParam = (max: number) => z.optional(z.int().check(z.minimum(1), z.maximum(max)));

/**
 * What every searchable admin list cmd takes: a page size, a page, a direction and a
 * search; each cmd adds its own `order_by` columns.
 */
export const listPaging = {
  limit: limitParam(MAX_LIST_LIMIT),
  page: z.optional(z.int().check(z.minimum(1))),
  descending: z.optional(z.boolean()),
  search: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
};

/** A CSV file in the exports bucket, served at /umdata/{filename} for time_alive seconds. */
export const csvExportSchema = z.object({ filename: z.string(), time_alive: z.int() });
