import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * The user field of the Move and Share forms. A malformed id shows its message; an empty field shows
 * none, it only keeps the form's button disabled.
 */
export function UserIdInput(props: TextInputProps) {
  const blank = typeof props.value === 'string' && props.value.trim() === '';
  return <TextInput inputMode="numeric" autoComplete="off" {...props} error={blank ? undefined : props.error} />;
}
