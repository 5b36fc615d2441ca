import { Button, Group, Stack } from '@mantine/core';
import type * as z from 'zod/mini';
import { moveLicenseFormSchema as moveToUserSchema } from '../../../shared/forms/licenses';
import { useSchemaForm } from '../lib/forms/use-schema-form';
import { useSubmit } from '../lib/forms/use-submit';
import type { ConfirmOptions } from './confirm';
import { askRecipient, RecipientEmailInput, type Recipient } from './recipient';
import { UserIdInput, withUserIdRefusal } from './user-id-input';

interface MoveToUserFormProps<Result> {
  /** The move: the user id it goes to. */
  move: (toUserId: number) => Promise<Result>;
  /** What is asked before the move (it cannot be taken back): what goes to whom, by their name. */
  confirm: (recipient: Recipient) => ConfirmOptions;
  /** After a move: what it did, shown as the action's result (the form then closes). */
  moved: (result: Result) => string;
  onClose: () => void;
  buttonSize?: 'xs' | 'sm';
}

/**
 * Move to user, inline: the user id a license or unit goes to and that user's email; Move (only with both
 * filled in) first checks that they are the same user's, then asks, naming them; or Cancel.
 */
export function MoveToUserForm<Result>({ move, confirm, moved, onClose, buttonSize = 'sm' }: MoveToUserFormProps<Result>) {
  const form = useSchemaForm(moveToUserSchema, { to_user_id: '', email: '' });
  const submit = useSubmit(
    (values: z.output<typeof moveToUserSchema>) =>
      withUserIdRefusal(() => move(values.to_user_id), (message) => form.setFieldError('to_user_id', message)),
    {
      confirm: async (values) => confirm(await askRecipient(values.to_user_id, values.email, (message) => form.setFieldError('email', message))),
      success: moved,
      onSuccess: onClose,
    },
  );

  return (
    <form onSubmit={form.onSubmit(submit.run)} noValidate>
      <Stack gap="xs">
        <UserIdInput label="Move to user id" button="Move" autoFocus maw={280} {...form.getInputProps('to_user_id')} />
        <RecipientEmailInput maw={280} {...form.getInputProps('email')} />
        <Group gap="sm">
          <Button type="submit" size={buttonSize} loading={submit.pending} disabled={!form.isValid()}>
            Move
          </Button>
          <Button variant="default" size={buttonSize} onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
