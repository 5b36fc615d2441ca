import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useEffectEvent, useState } from 'react';
import type * as z from 'zod/mini';

/** A form schema from shared/: its input is what the fields hold, its output what the form sends. */
type FormSchema = z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>;

export interface SchemaFormOptions<Values> {
  /**
   * Fields whose rule only keeps the submit button disabled: no message shows for them (a username to
   * look up, a code, the accepted terms: rules the product gives no message for).
   */
  quiet?: readonly (keyof Values & string)[];
}

/**
 * The SPA's one form setup: @mantine/form validating with a zod schema from shared/ (the rules and
 * messages the server uses).
 *
 * - A blank field is checked when it loses focus, not at every keystroke, and its message clears while it
 *   is edited; a field that starts with a value (stored data being edited) is checked at every change,
 *   so breaking it shows at once.
 * - A confirmation (`confirmPassword`) already checked is checked again when `password` changes.
 * - `form.isValid()` is the submit button's enabling rule; `form.onSubmit(handler)` hands the handler
 *   the schema's output (e.g. trimmed names), and only when every rule holds.
 */
export function useSchemaForm<S extends FormSchema>(
  schema: S,
  initialValues: z.input<S>,
  options: SchemaFormOptions<z.input<S>> = {},
) {
  type Values = z.input<S>;
  // One resolver per form: @mantine/form re-creates its field checks when the rules change.
  const [validate] = useState(() => schemaResolver(schema, { sync: true }));
  const [checkedOnChange] = useState(() =>
    Object.keys(initialValues).filter((field) => {
      const value = initialValues[field];
      return typeof value === 'string' && value !== '';
    }),
  );
  const quiet = new Set<string>(options.quiet);

  const form = useForm<Values, z.output<S>>({
    mode: 'controlled',
    initialValues,
    validate,
    validateInputOnBlur: true,
    validateInputOnChange: checkedOnChange,
    transformValues: (values) => schema.parse(values) as z.output<S>,
    enhanceGetInputProps: ({ field }) => (quiet.has(field) ? { error: undefined } : undefined),
  });

  const password = (form.values as { password?: unknown }).password;
  const recheckConfirmation = useEffectEvent(() => {
    if ('confirmPassword' in form.values && form.values.confirmPassword && form.isTouched('confirmPassword')) {
      form.validateField('confirmPassword');
    }
  });
  // Only a change of the password itself re-checks its confirmation.
  useEffect(() => recheckConfirmation(), [password]);

  return form;
}
