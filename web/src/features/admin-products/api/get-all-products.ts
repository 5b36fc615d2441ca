import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { productAdminContract } from '../../../../../shared/contract/product.admin';
import { call } from '../../../api/client';
import { readCsvExport } from '../../../api/csv-export';

export type AllProductsParams = CmdInput<typeof productAdminContract, 'get_all_products'>;
export type ProductExportParams = CmdInput<typeof productAdminContract, 'get_products_csv'>;

/** Every page, order and search of the list: what unregistering invalidates. */
export const allProductsQueryKey = ['product', 'get_all_products'] as const;

/** One page of the registered products: `product/get_all_products`. */
export const allProductsQueryOptions = (params: AllProductsParams) =>
  queryOptions({
    queryKey: [...allProductsQueryKey, params],
    queryFn: () => call(productAdminContract, 'get_all_products', params),
    placeholderData: keepPreviousData,
  });

export const useAllProducts = (params: AllProductsParams) => useQuery(allProductsQueryOptions(params));

/** Unregisters a unit (`product/unregister_product`); the list reloads. */
export function useUnregisterProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => call(productAdminContract, 'unregister_product', { uid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allProductsQueryKey }),
  });
}

/**
 * The searched list as CSV text: `product/get_products_csv` writes the file (up to 100,000 rows) and
 * names it, and the file is read from /umdata/{filename} while it lives.
 */
export async function exportProductsCsv(params: ProductExportParams): Promise<string> {
  const { filename } = await call(productAdminContract, 'get_products_csv', params);
  return readCsvExport(filename);
}
