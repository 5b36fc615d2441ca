import type { Product } from '../../../../../shared/contract/product';
import { useNotice } from '../../../components/location-notice';
import { MoveToUserForm } from '../../../components/move-to-user-form';
import { useMoveProduct } from '../api/move-product';
import { productNotices } from '../messages';

/** Move to user: the user id the unit goes to; Move (only with a user filled in) or Cancel. */
export function MoveProductForm({ product, onClose }: { product: Product; onClose: () => void }) {
  const notice = useNotice();
  const move = useMoveProduct();
  return (
    <MoveToUserForm
      move={(to_user_id) => move.mutateAsync({ product_id: product.id, to_user_id })}
      onMoved={(moved) => notice.show(productNotices.moved(moved.uid, moved.user_id))}
      onClose={onClose}
      buttonSize="xs"
    />
  );
}
