import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { FieldErrors } from './form-rules';

/**
 * The account forms' @mantine/form setup: the rules of form-rules.ts, each field checked when it loses
 * focus (not on every keystroke) and its message cleared while it is edited. A confirmation already
 * checked is checked again when the password it must match changes.
 */
export function useAccountForm<T extends { password?: string; confirmPassword?: string }>(
  initialValues: T,
  errors: (values: T) => FieldErrors<T>,
) {
  const form = useForm<T>({
    mode: 'controlled',
    initialValues,
    validate: (values) => errors(values) as Record<string, string>,
    validateInputOnBlur: true,
  });
  const password = form.values.password;
  useEffect(() => {
    if (form.isTouched('confirmPassword') && form.values.confirmPassword) form.validateField('confirmPassword');
    // Only a change of the password itself re-checks the confirmation.
  }, [password]);
  return form;
}
