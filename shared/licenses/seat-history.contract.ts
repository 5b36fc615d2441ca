import * as z from 'zod/mini';
import { cmd, defineEndpoint } from '../contract/define';
import type { AttemptLimitPolicy } from '../contract/limits';
import { csvExportSchema } from '../lists/admin-list-params';

/** Rows of a license's seat history a page: holdings and refusals, newest first. */
export const SEAT_HISTORY_PAGE_SIZE = 20;
/** Days the seat chart shows, today the last. */
export const SEAT_CHART_DAYS = 30;

/**
 * History pages a user may read an hour: one is a single read of the license's partition, but a
 * recipient's page reads past other people's rows to find their own; a person pages a few dozen.
 */
export const MAX_SEAT_HISTORY_PAGES_PER_HOUR = 600;
/** Seat charts a user may read an hour: an organisation's reads each of its licenses' figures. */
export const MAX_SEAT_CHARTS_PER_HOUR = 120;
/** CSV files of a seat history a user may have written a day: each reads the whole history and stores a file. */
export const MAX_SEAT_HISTORY_CSVS_PER_DAY = 30;

const HOUR = 3600;
const seatHistoryLimit: AttemptLimitPolicy = {
  action: 'seat-history',
  max: MAX_SEAT_HISTORY_PAGES_PER_HOUR,
  windowSeconds: HOUR,
  counts: 'calls',
  message: `You read ${MAX_SEAT_HISTORY_PAGES_PER_HOUR} pages of seat history in the last hour: try again later`,
};
const seatChartLimit: AttemptLimitPolicy = {
  action: 'seat-chart',
  max: MAX_SEAT_CHARTS_PER_HOUR,
  windowSeconds: HOUR,
  counts: 'calls',
  message: `You read ${MAX_SEAT_CHARTS_PER_HOUR} seat charts in the last hour: try again later`,
};
const seatHistoryCsvLimit: AttemptLimitPolicy = {
  action: 'seat-history-csv',
  max: MAX_SEAT_HISTORY_CSVS_PER_DAY,
  windowSeconds: 24 * HOUR,
  counts: 'calls',
  message: `You created ${MAX_SEAT_HISTORY_CSVS_PER_DAY} seat history CSV files today: try again tomorrow`,
};

const id = () => z.int().check(z.positive());
const ISO = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z`;
/**
 * Where the next page starts, as the last page answered it (`next`): the last row's place and, for each
 * seat changed after it, that change (`~{seat}~{time}~{event}`: the end of that seat's next older
 * holding). Nothing else is accepted.
 */
export const SEAT_HISTORY_CURSOR = new RegExp(`^${ISO}#[0-9a-f]{8}(~\\d{1,4}~${ISO}~(reserve|return|takeover|release|offline))*$`);
/** A cursor names at most this many seats' changes (a floating license's seats). */
const CURSOR_MAX_LENGTH = 64 * 50;

/** How a holding started and ended: the seat events. */
export const SEAT_EVENTS = ['reserve', 'return', 'takeover', 'release', 'offline'] as const;

/**
 * A row of a seat history: a holding (a machine held the seat from `from` to `to`; `to` null while it
 * still does) or a refusal (`from`: when the machine was turned away because another held the seat).
 */
export const seatHistoryRowSchema = () =>
  z.object({
    kind: z.enum(['holding', 'refused']),
    /** Who held the seat, or was turned away. */
    user_id: z.int(),
    /** Their name, where the caller may know it (a recipient sees only their own rows). */
    name: z.string(),
    hostname: z.nullable(z.string()),
    fingerprint: z.nullable(z.string()),
    from: z.string(),
    to: z.nullable(z.string()),
    /** What gave the machine the seat (a holding): a reservation, a takeover, an offline lease. */
    started_by: z.nullable(z.enum(SEAT_EVENTS)),
    /** What ended it: returned, released, taken over, or another machine's reservation; null while held. */
    ended_by: z.nullable(z.enum(SEAT_EVENTS)),
  });
export type SeatHistoryRow = z.infer<ReturnType<typeof seatHistoryRowSchema>>;

/** One day of the seat chart. */
export const seatChartDaySchema = () =>
  z.object({
    /** YYYY-MM-DD (UTC). */
    day: z.string(),
    /** The day's highest number of seats in use. */
    in_use: z.int(),
    /** Seats owned that day (licenses within their term). */
    owned: z.int(),
    /** Times a machine was turned away because the seat was held. */
    refused: z.int(),
  });
export type SeatChartDay = z.infer<ReturnType<typeof seatChartDaySchema>>;

/**
 * `all`: every holding and refusal (the license's owner, its organisation's owner and admins, a portal
 * admin); `own`: only the caller's own (a recipient of a share, a member using an organisation's seat).
 */
const scopeSchema = () => z.enum(['all', 'own']);

/**
 * The seat history of a license (and an organisation), on `lic/5`: who held a seat, on which machine, from
 * when to when, each time someone was turned away because the seat was held, and a 30-day chart. A license
 * the caller may not see is unknown to them (404), as everywhere.
 */
export const seatHistoryContract = defineEndpoint({
  path: 'lic/5',
  cmds: {
    /** A page of a license's history (SEAT_HISTORY_PAGE_SIZE rows, newest first); `before`: the last page's `next`. */
    get_seat_history: cmd(
      'user',
      () => ({ license_id: id(), before: z.optional(z.string().check(z.maxLength(CURSOR_MAX_LENGTH), z.regex(SEAT_HISTORY_CURSOR))) }),
      () => z.object({ license_id: z.int(), scope: scopeSchema(), rows: z.array(seatHistoryRowSchema()), next: z.nullable(z.string()) }),
      { limits: [seatHistoryLimit] },
    ),
    /**
     * SEAT_CHART_DAYS days of a license's seats, or of an organisation's (its owner and admins), today last.
     * Exactly one of `license_id` and `organisation_id`.
     */
    get_seat_chart: cmd(
      'user',
      () => ({ license_id: z.optional(id()), organisation_id: z.optional(id()) }),
      () => z.object({ days: z.array(seatChartDaySchema()) }),
      { limits: [seatChartLimit] },
    ),
    /** The whole history of a license as the caller may see it, as a CSV file (its link, as the exports answer). */
    get_seat_history_csv: cmd('user', () => ({ license_id: id() }), () => csvExportSchema, { limits: [seatHistoryCsvLimit] }),
  },
});

/** What the seat history's cmds answer when they refuse. */
export const seatHistoryMessages = {
  chartOf: 'Name either a license or an organisation',
  chartForManagers: "A license's seat chart is for its owner and its organisation's admins: your own use is in its history",
} as const;
