import { describe, expect, it } from 'vitest';
import { codeFormDefaults, codeFormSchema, createCodesParams, type CodeFormValues } from './code-form';
import { licenseCodeMessages } from './messages';

const defaults = (changes: Partial<CodeFormValues> = {}): CodeFormValues => ({
  ...codeFormDefaults('Acme', new Date(2026, 4, 15)),
  ...changes,
});

/** Each field's first message, as the form shows them. */
function messages(values: CodeFormValues): Record<string, string> {
  const result = codeFormSchema.safeParse(values);
  const found: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('the license code generator form', () => {
  it('starts with the defaults: Automation, Standard, single use for 1 year, 1 code, the company as description', () => {
    const values = defaults();
    expect(values).toMatchObject({ license_type_id: 'Automation', license_usage_id: '4', kind: 'single', amount: 1, unit: 'Y', count: 1 });
    expect(values.description).toBe('Acme');
    expect(values.valid_from).toBe('2026-05-15');
    expect(values.valid_to).toBe('2027-05-15');
    expect(messages(values)).toEqual({});
  });

  it('sends single-use codes with their duration as an ISO period, and no campaign fields', () => {
    const output = codeFormSchema.parse(defaults({ amount: 2, unit: 'W', count: 3, code: 'ignored', description: '  Fair  ' }));
    expect(createCodesParams(output)).toEqual({
      license_type_id: 'Automation',
      license_usage_id: 4,
      single_usage: true,
      description: 'Fair',
      count: 3,
      duration: 'P2W',
    });
  });

  it('keeps duration and count between 1 and 1000, whole', () => {
    expect(messages(defaults({ amount: 0, count: 1001 }))).toEqual({ amount: licenseCodeMessages.duration, count: licenseCodeMessages.count });
    expect(messages(defaults({ amount: 1.5, count: '' }))).toEqual({ amount: licenseCodeMessages.duration, count: licenseCodeMessages.count });
    expect(messages(defaults({ amount: 1000, count: 1000 }))).toEqual({});
  });

  it('sends a campaign code with its window, and checks only the campaign fields', () => {
    const values = defaults({ kind: 'campaign', amount: 0, count: 0, code: ' SPRING-26 ', valid_from: '2026-06-01', valid_to: '2026-06-30' });
    expect(messages(values)).toEqual({});
    expect(createCodesParams(codeFormSchema.parse(values))).toEqual({
      license_type_id: 'Automation',
      license_usage_id: 4,
      single_usage: false,
      description: 'Acme',
      code: 'SPRING-26',
      valid_from: '2026-06-01',
      valid_to: '2026-06-30',
    });
  });

  it('gives a campaign code, its dates and their order the shared rules’ messages', () => {
    expect(messages(defaults({ kind: 'campaign', code: 'a b', valid_from: '', valid_to: '2026-02-30' }))).toEqual({
      code: 'A campaign code is 3 to 40 letters, digits, - or _',
      valid_from: licenseCodeMessages.validFromRequired,
      valid_to: 'Not a real date',
    });
    expect(messages(defaults({ kind: 'campaign', code: 'ABC', valid_from: '2026-06-02', valid_to: '2026-06-01' }))).toEqual({
      valid_to: licenseCodeMessages.validToBeforeFrom,
    });
  });

  it('limits the description to what the contract accepts', () => {
    expect(messages(defaults({ description: 'x'.repeat(501) }))).toEqual({ description: licenseCodeMessages.description });
  });
});
