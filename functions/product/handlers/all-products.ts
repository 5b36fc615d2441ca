import { PRODUCT_CSV_ROWS, type productAdminContract } from '../../../shared/contract/product.admin';
import { productMessages } from '../../../shared/products/messages';
import { registeredProductCount } from '../../domain/products/product-figures';
import { productList } from '../../domain/products/product-list';
import { findProductByUid, ProductChangedError, unregisterProduct } from '../../domain/products/products.repository';
import type { EndpointHandlers } from '../../endpoint';
import { conflict, notFound } from '../../lib/errors';

type AdminHandlers = EndpointHandlers<typeof productAdminContract>;

/** One page of the registered products, searched and sorted (the list's declaration: productList). */
export const getAllProducts: AdminHandlers['get_all_products'] = async (params) => {
  const { rows, count } = await productList.page(params);
  return { products: rows, count };
};

/** The searched list in its order, up to 100,000 rows, as a CSV export. */
export const getProductsCsv: AdminHandlers['get_products_csv'] = (params) => productList.csv(params, PRODUCT_CSV_ROWS);

/** Read from the registrations' counter (product-figures.ts), never from the list. */
export const getProductStatistics: AdminHandlers['get_product_statistics'] = async () => ({
  registered_products: await registeredProductCount(),
});

/** Ends a unit's registration; the unit may then be registered again. */
export const unregisterProductHandler: AdminHandlers['unregister_product'] = async ({ uid }) => {
  const product = await findProductByUid(uid);
  if (!product) throw notFound(productMessages.notRegistered(uid));
  try {
    await unregisterProduct(product, new Date(), { audited: true });
  } catch (error) {
    if (error instanceof ProductChangedError) throw conflict(productMessages.changedMeanwhile);
    throw error;
  }
  return { uid };
};
