import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { productContract } from '../../../../../shared/contract/product';
import { call } from '../../../api/client';
import { productsQueryKey } from './get-products';

export type MoveProductInput = CmdInput<typeof productContract, 'move_product'>;

/** Gives an owned unit to another user: `product/move_product`. */
export const moveProduct = (input: MoveProductInput) => call(productContract, 'move_product', input);

/** The move, which reloads the product list (the unit leaves it). */
export function useMoveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey, exact: true }),
  });
}
