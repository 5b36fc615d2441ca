import * as z from 'zod/mini';
import { ADDON_IDS, LICENSE_TYPE_IDS } from '../../../../shared/licenses/catalog';
import { isoDateSchema } from '../../../../shared/licenses/dates';
import { MAX_FLOATING_SEATS } from '../../../../shared/licenses/seat';

/**
 * The admin's license forms (edit, add new license) as zod schemas. Fields hold what is typed or picked
 * (a select's value is text); a schema's output is what the cmds take. Dates follow the contract's rule
 * and messages (shared/licenses/dates.ts); the server checks the rest (usage known, end not before start).
 */

export const adminLicenseFormMessages = {
  type: 'Choose a license type',
  usage: 'Choose a license usage',
  channels: 'Channels are a whole number from 1 to 64',
  organisationId: 'An organisation id is a whole number above 0',
  seats: `Seats are a whole number from 2 to ${MAX_FLOATING_SEATS}, or empty for one seat`,
} as const;

/** BatteryValidation's channels: what the contract accepts. */
export const CHANNELS_MIN = 1;
export const CHANNELS_MAX = 64;

const usageField = z.pipe(z.string().check(z.regex(/^\d+$/, adminLicenseFormMessages.usage)), z.transform(Number));

/** The first thing wrong with a date, in the contract's words (it may find two: the format, then the day). */
const dateMessage = (input: unknown) => isoDateSchema.safeParse(input).error?.issues[0]?.message;

/** A date as typed (surrounding spaces dropped): a real day, YYYY-MM-DD; with `perpetual`, empty too. */
const dateField = ({ perpetual }: { perpetual: boolean }) =>
  z.string().check(
    z.trim(),
    z.refine((text: string) => (perpetual && text === '') || isoDateSchema.safeParse(text).success, {
      error: (issue) => dateMessage(issue.input),
    }),
  );

/** Valid to: empty means perpetual. */
const validToField = dateField({ perpetual: true });
const validFromField = dateField({ perpetual: false });

/** A Pro license's add-ons, ticked; the channels field (a number input's value) counts only with BVT ticked. */
const addonFields = {
  addons: z.array(z.enum(ADDON_IDS)),
  channels: z.union([z.number(), z.string()]),
};

const isChannels = (value: number | string): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= CHANNELS_MIN && value <= CHANNELS_MAX;

const channelsGiven = z.refine<{ addons: string[]; channels: number | string }>(
  (values) => !values.addons.includes('BatteryValidation') || isChannels(values.channels),
  {
    error: adminLicenseFormMessages.channels,
    path: ['channels'],
    when: ({ value }) => {
      const values = value as { addons?: unknown } | null;
      return Array.isArray(values?.addons);
    },
  },
);

/** The add-ons as the cmds take them: BatteryValidation with its channels. */
export function addonsOf(values: { addons: readonly (typeof ADDON_IDS)[number][]; channels: number | string }) {
  return ADDON_IDS.filter((id) => values.addons.includes(id)).map((id) =>
    id === 'BatteryValidation' ? { id, channels: Number(values.channels) } : { id },
  );
}

/**
 * A new license's seats (a number input's value): empty for one seat; 2 to MAX_FLOATING_SEATS make it
 * floating. The output is what create_license takes: the number, or undefined to leave `seats` out.
 */
const seatsField = z.pipe(
  z.union([z.number(), z.string()]).check(
    z.refine((value) => value === '' || (typeof value === 'number' && Number.isInteger(value) && value >= 2 && value <= MAX_FLOATING_SEATS), adminLicenseFormMessages.seats),
  ),
  z.transform((value) => (value === '' ? undefined : Number(value))),
);

/** Edit: usage, end (empty: perpetual), and a Pro license's add-ons. Type and start do not change. */
export const editLicenseFormSchema = z
  .object({ license_usage_id: usageField, valid_to: validToField, ...addonFields })
  .check(channelsGiven);
export type EditLicenseFormValues = z.input<typeof editLicenseFormSchema>;

/** Add new license: type, usage, start, end (empty: perpetual), seats (empty: one), and a Pro license's add-ons. */
export const newLicenseFormSchema = z
  .object({
    license_type_id: z.enum(LICENSE_TYPE_IDS, adminLicenseFormMessages.type),
    license_usage_id: usageField,
    valid_from: validFromField,
    valid_to: validToField,
    seats: z.optional(seatsField),
    ...addonFields,
  })
  .check(channelsGiven);
export type NewLicenseFormValues = z.input<typeof newLicenseFormSchema>;

/** A license's organisation: its id as typed, or empty for none (the cmd takes null). */
export const licenseOrganisationFormSchema = z.object({
  organisation_id: z.pipe(
    z.string().check(z.trim(), z.regex(/^([1-9]\d{0,8})?$/, adminLicenseFormMessages.organisationId)),
    z.transform((text) => (text === '' ? null : Number(text))),
  ),
});
