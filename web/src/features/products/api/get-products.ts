import { queryOptions, useQuery } from '@tanstack/react-query';
import { productContract } from '../../../../../shared/contract/product';
import { call } from '../../../api/client';

/** The caller's product list: what a move invalidates. */
export const productsQueryKey = ['product', 'get_products'] as const;

/** The caller's registered units: `product/get_products`. */
export const productsQueryOptions = () => queryOptions({ queryKey: productsQueryKey, queryFn: () => call(productContract, 'get_products', {}) });

export const useProducts = () => useQuery(productsQueryOptions());
