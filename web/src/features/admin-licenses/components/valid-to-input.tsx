import { TextInput, type TextInputProps } from '@mantine/core';

/** A license's end as typed (YYYY-MM-DD); left empty, the license is perpetual. */
export function ValidToInput(props: TextInputProps) {
  return (
    <TextInput
      label="Valid to"
      placeholder="YYYY-MM-DD"
      description="Empty: perpetual"
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      autoComplete="off"
      {...props}
    />
  );
}
