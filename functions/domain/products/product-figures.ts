import { declareCounter, readTotal, type Tally } from '../../lib/db/aggregates';
import type { ProductRecord } from './product.entity';
import type { CountedRecords } from '../../lib/records/domain';
import { ProductEntity } from './product.entity';

/**
 * Registered products by product id (Arc, Ace …), kept by every registration and unregistration in its
 * own transaction: the admin's `get_product_statistics` reads a few items, never the product list. The
 * desktop app registers units one user at a time, so four items take concurrent registrations.
 */
export const registeredProducts = declareCounter({ name: 'products-registered', periods: ['total'], shards: 4 });

/** What a product counts for. */
export const productTallies = (product: ProductRecord): Tally[] => [{ counter: registeredProducts, dimension: product.product_id.replace(/#/g, '') || '-' }];

/** How many products are registered now. */
export const registeredProductCount = () => readTotal(registeredProducts);

/** What registered products count for, as the counters' check and back-fill recount them. */
export const productsCounted = [{ what: 'registered products', entity: ProductEntity, counters: [registeredProducts], tallies: productTallies }] as const satisfies readonly CountedRecords[];
