import { TextInput, type TextInputProps } from '@mantine/core';

/** The username field of every signed-out screen: no autocorrect or capitals, the browser's username. */
export function UsernameInput(props: Omit<TextInputProps, 'label'>) {
  return <TextInput label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />;
}
