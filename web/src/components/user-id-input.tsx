import { TextInput, type TextInputProps } from '@mantine/core';
import { apiMessages } from '../../../shared/api';
import { isUserIdText, licenseFormMessages } from '../../../shared/forms/licenses';
import { licenseMessages } from '../../../shared/licenses/messages';
import { productMessages } from '../../../shared/products/messages';
import { ApiCallError } from '../api/client';

interface UserIdInputProps extends TextInputProps {
  /** The label of the button the field enables (Move, Share): the field says why it stays disabled. */
  button: string;
}

/**
 * The user field of the Move and Share forms. It says what to type (a colleague's user id, and where
 * they find it); while it holds something that is not a user id, it says so and why the button stays
 * disabled, as it is typed; an empty field shows no message, it only keeps the button disabled. A
 * refusal of the id by the server (see userIdRefusal) comes in as `error`.
 */
export function UserIdInput({ button, ...props }: UserIdInputProps) {
  const text = typeof props.value === 'string' ? props.value : '';
  const blank = text.trim() === '';
  const malformed = !blank && !isUserIdText(text);
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      description={licenseFormMessages.userIdHint}
      {...props}
      error={malformed ? licenseFormMessages.userIdBlocks(button) : blank ? undefined : props.error}
    />
  );
}

/** The server's refusals that are about the user id typed: no such user, or the user it already belongs to. */
const USER_ID_REFUSALS: readonly string[] = [licenseMessages.alreadyOwner, licenseMessages.shareWithOwner, productMessages.alreadyOwner];
const USER_NOT_FOUND = new RegExp(`^${apiMessages.userNotFound(0).replace('0', '\\d+')}$`);

/** The server's message when it refused the call because of the user id typed (shown at the field), else undefined. */
export function userIdRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiCallError) || !error.fromServer) return undefined;
  return USER_ID_REFUSALS.includes(error.message) || USER_NOT_FOUND.test(error.message) ? error.message : undefined;
}

/**
 * Runs a submission whose user id the server may refuse: such a refusal is put on the field too (the
 * failure still goes on, to the page's usual error display).
 */
export async function withUserIdRefusal<T>(action: () => Promise<T>, showAtField: (message: string) => void): Promise<T> {
  try {
    return await action();
  } catch (error) {
    const refusal = userIdRefusal(error);
    if (refusal) showAtField(refusal);
    throw error;
  }
}
