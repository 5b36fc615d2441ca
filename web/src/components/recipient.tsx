import { TextInput, type TextInputProps } from '@mantine/core';
import type { CmdResult } from '../../../shared/contract/define';
import { userContract } from '../../../shared/contract/user';
import { recipientMessages } from '../../../shared/forms/recipient';
import { ApiCallError, call } from '../api/client';

export type Recipient = CmdResult<typeof userContract, 'check_recipient'>;

/** The recipient's email field of the Move and Share forms: what to type, and why it is asked. */
export function RecipientEmailInput(props: TextInputProps) {
  return (
    <TextInput
      type="email"
      label={recipientMessages.emailLabel}
      description={recipientMessages.emailHint}
      autoComplete="off"
      {...props}
    />
  );
}

/**
 * Whom the id and email typed name (`user/check_recipient`), asked before a Move or Share is confirmed so
 * the confirm names the person. When they are not the same user's, the refusal is put on the email field
 * too (and goes on to the page's usual error display); nothing is moved or shared.
 */
export async function askRecipient(userId: number, email: string, showAtField: (message: string) => void): Promise<Recipient> {
  try {
    return await call(userContract, 'check_recipient', { user_id: userId, email });
  } catch (error) {
    if (error instanceof ApiCallError && error.fromServer) showAtField(error.message);
    throw error;
  }
}
