import { Button, Group, Stack } from '@mantine/core';
import type * as z from 'zod/mini';
import { moveLicenseFormSchema as moveToUserSchema } from '../../../shared/forms/licenses';
import { useSchemaForm } from '../lib/forms/use-schema-form';
import { useSubmit } from '../lib/forms/use-submit';
import type { ConfirmOptions } from './confirm';
import { UserIdInput, withUserIdRefusal } from './user-id-input';

interface MoveToUserFormProps<Result> {
  /** The move: the user id it goes to. */
  move: (toUserId: number) => Promise<Result>;
  /** What is asked before the move (it cannot be taken back): what goes to whom. */
  confirm: (toUserId: number) => ConfirmOptions;
  /** After a move: what it did, shown as the action's result (the form then closes). */
  moved: (result: Result) => string;
  onClose: () => void;
  buttonSize?: 'xs' | 'sm';
}

/** Move to user, inline: the user id a license or unit goes to; Move (only with a user filled in, and confirmed) or Cancel. */
export function MoveToUserForm<Result>({ move, confirm, moved, onClose, buttonSize = 'sm' }: MoveToUserFormProps<Result>) {
  const form = useSchemaForm(moveToUserSchema, { to_user_id: '' });
  const submit = useSubmit(
    (values: z.output<typeof moveToUserSchema>) =>
      withUserIdRefusal(() => move(values.to_user_id), (message) => form.setFieldError('to_user_id', message)),
    {
      confirm: (values) => confirm(values.to_user_id),
      success: moved,
      onSuccess: onClose,
    },
  );

  return (
    <form onSubmit={form.onSubmit(submit.run)} noValidate>
      <Stack gap="xs">
        <UserIdInput label="Move to user id" button="Move" autoFocus maw={280} {...form.getInputProps('to_user_id')} />
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
