import { type Product, productContract } from '../../../../../shared/contract/product';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { MoveToUserForm } from '../../../components/move-to-user-form';
import { productNotices, productQuestions } from '../messages';

/** Move to user: the user id the unit goes to and their email; Move (checked, then confirmed by name) or Cancel. */
export function MoveProductForm({ product, onClose }: { product: Product; onClose: () => void }) {
  const move = useCmdMutation(productContract, 'move_product', { invalidates: ['get_products'] });
  return (
    <MoveToUserForm
      move={(to_user_id) => move.mutateAsync({ product_id: product.id, to_user_id })}
      confirm={(recipient) => productQuestions.move(product.uid, recipient)}
      moved={(moved) => productNotices.moved(moved.uid, moved.user_id)}
      onClose={onClose}
      buttonSize="xs"
    />
  );
}
