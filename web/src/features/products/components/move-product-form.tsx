import { Button, Group, Stack } from '@mantine/core';
import type * as z from 'zod/mini';
import type { Product } from '../../../../../shared/contract/product';
import { moveLicenseFormSchema as moveFormSchema } from '../../../../../shared/forms/licenses';
import { useNotice } from '../../../components/location-notice';
import { UserIdInput } from '../../../components/user-id-input';
import { useSchemaForm } from '../../../lib/forms/use-schema-form';
import { useSubmit } from '../../../lib/forms/use-submit';
import { useMoveProduct } from '../api/move-product';
import { productNotices } from '../messages';

/** Move to user: the user id the unit goes to; Move (only with a user filled in) or Cancel. */
export function MoveProductForm({ product, onClose }: { product: Product; onClose: () => void }) {
  const notice = useNotice();
  const move = useMoveProduct();
  const form = useSchemaForm(moveFormSchema, { to_user_id: '' });
  const submit = useSubmit((values: z.output<typeof moveFormSchema>) => move.mutateAsync({ product_id: product.id, ...values }), {
    onSuccess: (moved) => {
      notice.show(productNotices.moved(moved.uid, moved.user_id));
      onClose();
    },
  });

  return (
    <form onSubmit={form.onSubmit(submit.run)} noValidate>
      <Stack gap="xs">
        <UserIdInput label="Move to user id" autoFocus maw={280} {...form.getInputProps('to_user_id')} />
        <Group gap="sm">
          <Button type="submit" size="xs" loading={submit.pending} disabled={!form.isValid()}>
            Move
          </Button>
          <Button variant="default" size="xs" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
