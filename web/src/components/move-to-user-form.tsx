import { Button, Group, Stack } from '@mantine/core';
import type * as z from 'zod/mini';
import { moveLicenseFormSchema as moveToUserSchema } from '../../../shared/forms/licenses';
import { useSchemaForm } from '../lib/forms/use-schema-form';
import { useSubmit } from '../lib/forms/use-submit';
import { UserIdInput, withUserIdRefusal } from './user-id-input';

interface MoveToUserFormProps<Result> {
  /** The move: the user id it goes to; its answer is handed to onMoved. */
  move: (toUserId: number) => Promise<Result>;
  /** After a move: the confirmation (the form then closes). */
  onMoved: (result: Result) => void;
  onClose: () => void;
  buttonSize?: 'xs' | 'sm';
}

/** Move to user, inline: the user id a license or unit goes to; Move (only with a user filled in) or Cancel. */
export function MoveToUserForm<Result>({ move, onMoved, onClose, buttonSize = 'sm' }: MoveToUserFormProps<Result>) {
  const form = useSchemaForm(moveToUserSchema, { to_user_id: '' });
  const submit = useSubmit(
    (values: z.output<typeof moveToUserSchema>) =>
      withUserIdRefusal(() => move(values.to_user_id), (message) => form.setFieldError('to_user_id', message)),
    {
      onSuccess: (result) => {
        onMoved(result);
        onClose();
      },
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
