import * as z from 'zod/mini';

/** A calendar date as the license screens write it: YYYY-MM-DD, a real day. */
export const isoDateSchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD'),
  z.refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    error: 'Not a real date',
  }),
);
