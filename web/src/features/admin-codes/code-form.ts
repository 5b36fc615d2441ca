import { addYears } from 'date-fns';
import * as z from 'zod/mini';
import { campaignCodeSchema, DURATION_UNITS, formatDuration, MAX_CODE_COUNT, MAX_DURATION } from '../../../../shared/commerce/codes';
import { type CmdInput } from '../../../../shared/contract/define';
import { type licAdminContract } from '../../../../shared/contract/lic.admin';
import { DEFAULT_LICENSE_USAGE_ID, LICENSE_TYPE_IDS } from '../../../../shared/licenses/catalog';
import { isoDateSchema } from '../../../../shared/licenses/dates';
import { formatDate } from '../../lib/dates';
import { licenseCodeMessages } from './messages';

/**
 * The license code generator's form: single-use codes (a duration of 1 to 1000 days, weeks,
 * months or years, and a count of 1 to 1000), or one unlimited campaign code (its text and the days it
 * may be redeemed in). Fields hold what is typed or picked; only the fields of the chosen kind are
 * checked. The shared rules give the campaign code's and the dates' messages.
 */

export const CODE_KINDS = ['single', 'campaign'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

const UNIT_IDS = DURATION_UNITS.map((entry) => entry.unit) as [
  (typeof DURATION_UNITS)[number]['unit'],
  ...(typeof DURATION_UNITS)[number]['unit'][],
];

/** A description's length: what the contract accepts. */
export const MAX_DESCRIPTION = 500;

/** A number input's value: a number once something numeric is typed, else the text. */
const numberField = z.union([z.number(), z.string()]);

const isWhole = (value: number | string, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;

/** The first thing a shared rule finds wrong with a value, in its own words. */
const firstMessage = (schema: z.ZodMiniType, value: unknown): string | undefined => schema.safeParse(value).error?.issues[0]?.message;

export const codeFormSchema = z
  .object({
    license_type_id: z.enum(LICENSE_TYPE_IDS, licenseCodeMessages.type),
    // The select's value (an id as text); checked below, so a bad value never stops the kind's checks.
    license_usage_id: z.string(),
    kind: z.enum(CODE_KINDS),
    amount: numberField,
    unit: z.enum(UNIT_IDS),
    count: numberField,
    code: z.string().check(z.trim()),
    valid_from: z.string().check(z.trim()),
    valid_to: z.string().check(z.trim()),
    description: z.string().check(z.trim()),
  })
  .check(
    z.superRefine((values, ctx) => {
      const issue = (path: string, message: string | undefined) => {
        if (message) ctx.issues.push({ code: 'custom', message, path: [path], input: values[path as keyof typeof values] });
      };
      if (!/^[1-9]\d*$/.test(values.license_usage_id)) issue('license_usage_id', licenseCodeMessages.usage);
      if (values.description.length > MAX_DESCRIPTION) issue('description', licenseCodeMessages.description);
      if (values.kind === 'single') {
        if (!isWhole(values.amount, MAX_DURATION)) issue('amount', licenseCodeMessages.duration);
        if (!isWhole(values.count, MAX_CODE_COUNT)) issue('count', licenseCodeMessages.count);
        return;
      }
      issue('code', firstMessage(campaignCodeSchema, values.code));
      const from = values.valid_from === '' ? licenseCodeMessages.validFromRequired : firstMessage(isoDateSchema, values.valid_from);
      const to = values.valid_to === '' ? licenseCodeMessages.validToRequired : firstMessage(isoDateSchema, values.valid_to);
      issue('valid_from', from);
      issue('valid_to', to);
      // Dates written YYYY-MM-DD compare as text.
      if (!from && !to && values.valid_to < values.valid_from) issue('valid_to', licenseCodeMessages.validToBeforeFrom);
    }),
  );
export type CodeFormValues = z.input<typeof codeFormSchema>;
export type CodeFormOutput = z.output<typeof codeFormSchema>;

/**
 * The generator's defaults: Automation, usage 4 (Standard), single use for 1 year, 1 code; a
 * campaign from today to a year later. The description starts as the admin's company.
 */
export function codeFormDefaults(description: string, today = new Date()): CodeFormValues {
  return {
    license_type_id: 'Automation',
    license_usage_id: String(DEFAULT_LICENSE_USAGE_ID),
    kind: 'single',
    amount: 1,
    unit: 'Y',
    count: 1,
    code: '',
    valid_from: formatDate(today),
    valid_to: formatDate(addYears(today, 1)),
    description,
  };
}

/** The form as create_license_codes takes it: the fields of the chosen kind only. */
export function createCodesParams(values: CodeFormOutput): CmdInput<typeof licAdminContract, 'create_license_codes'> {
  const common = {
    license_type_id: values.license_type_id,
    license_usage_id: Number(values.license_usage_id),
    description: values.description,
  };
  if (values.kind === 'single') {
    return { ...common, single_usage: true, count: Number(values.count), duration: formatDuration(Number(values.amount), values.unit) };
  }
  return { ...common, single_usage: false, code: values.code, valid_from: values.valid_from, valid_to: values.valid_to };
}
