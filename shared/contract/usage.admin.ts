import * as z from 'zod/mini';
import { cmd, defineEndpoint } from './define';

export { ALL_VERSIONS } from '../usage/usage';

const count = () => z.int();

/** One day of a license type's seats: the most held at once, and reservations refused because the seat was taken. */
export const seatDaySchema = () => z.object({ date: z.string(), license_type_id: z.string(), peak: count(), refused: count() });
export type SeatDay = z.infer<ReturnType<typeof seatDaySchema>>;

/** The usage entity: who uses the desktop app, how often, with which version, OS and license type. */
export const usageSchema = () => z.object({
  /** Distinct users ever seen: a desktop reservation (or its renewal) or a recorded download. */
  user_count: count(),
  /** Distinct users per ISO week (`2026-W48`), the last 12 weeks, oldest first (weeks without any left out). */
  weekly_usage: z.array(z.object({ week: z.string(), count: count() })),
  /** Distinct users per month (`2026-11`), the last 12 months, oldest first. */
  monthly_usage: z.array(z.object({ month: z.string(), count: count() })),
  /** Distinct users per year (`2026`), every year, oldest first. */
  yearly_usage: z.array(z.object({ year: z.string(), count: count() })),
  /** Distinct users this month per desktop version, most first; the last row, `All versions`, is this month's distinct users. */
  version_usage: z.array(z.object({ version: z.string(), count: count() })),
  /** Distinct users this month per operating system, most first. */
  os_usage: z.array(z.object({ os: z.string(), count: count() })),
  /** Distinct users this month per license type they reserved, most first. */
  type_usage: z.array(z.object({ type: z.string(), count: count() })),
  /** Beyond the usage entity: per day of the last 90 and license type, seats held at most and refused. Oldest first. */
  seats: z.array(seatDaySchema()),
});
export type Usage = z.infer<ReturnType<typeof usageSchema>>;


/** The `usage` endpoint: the admin's usage statistics. */
export const usageContract = defineEndpoint({
  path: 'usage',
  cmds: {
    get_usage: cmd('admin', () => ({}), usageSchema, { reads: true }),
  },
});
