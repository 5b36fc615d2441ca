import { ALL_PRODUCTS_PAGE_SIZE, PRODUCT_CSV_ROWS, type productAdminContract } from '../../../shared/contract/product.admin';
import { productMessages } from '../../../shared/products/messages';
import { registeredProductCount } from '../../domain/products/product-figures';
import { productListCache, type ProductListRow } from '../../domain/products/product-list';
import { productMatches, productSortValue, toAdminProductRow } from '../../domain/products/product-list.rules';
import { findProductByUid, ProductChangedError, unregisterProduct } from '../../domain/products/products.repository';
import { userListCache } from '../../domain/users/user-list';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { conflict, notFound } from '../../lib/errors';
import { writeCsvExport } from '../../lib/exports';
import { column, pageOf } from '../../lib/lists/list-page';

type AdminHandlers = EndpointHandlers<typeof productAdminContract>;

interface ListQuery {
  order_by?: string;
  descending?: boolean;
  search?: string | null;
}

/** The searched, sorted list (created, newest first, unless asked otherwise): one page of it. */
async function listed({ order_by, descending, search }: ListQuery, page: number, limit: number) {
  const [products, owners] = await Promise.all([productListCache.current(), userListCache.current()]);
  const result = pageOf(products.values(), {
    filter: productMatches(search, owners),
    sortBy: productSortValue(order_by ?? 'created', owners),
    descending: descending ?? order_by === undefined,
    tieBreaker: column<ProductListRow>('id'),
    page,
    limit,
  });
  return { products: result.rows.map((row) => toAdminProductRow(row, owners)), count: result.count };
}

export const getAllProducts: AdminHandlers['get_all_products'] = ({ limit = ALL_PRODUCTS_PAGE_SIZE, page = 1, ...query }) => listed(query, page, limit);

const CSV_COLUMNS = ['Id', 'Created', 'Product id', 'Uid', 'Hardware version', 'User id', 'User', 'License id', 'EAN'];

/** The searched list in its order, up to 100,000 rows, as a CSV export. */
export const getProductsCsv: AdminHandlers['get_products_csv'] = async (query) => {
  const { products } = await listed(query, 1, PRODUCT_CSV_ROWS);
  const records = products.map((p) => [p.id, p.created, p.product_id, p.uid, p.hardware_version, p.user_id, p.user, p.license_id ?? '', p.ean]);
  return writeCsvExport(CSV_COLUMNS, records);
};

/** Read from the registrations' counter (product-figures.ts), never from the list. */
export const getProductStatistics: AdminHandlers['get_product_statistics'] = async () => ({
  registered_products: await registeredProductCount(),
});

/** Ends a unit's registration; the unit may then be registered again. */
export const unregisterProductHandler: AdminHandlers['unregister_product'] = async ({ uid }) => {
  const product = await findProductByUid(uid);
  if (!product) throw notFound(productMessages.notRegistered(uid));
  try {
    await unregisterProduct(product);
  } catch (error) {
    if (error instanceof ProductChangedError) throw conflict(productMessages.changedMeanwhile);
    throw error;
  }
  return { uid };
};
