import type { Product } from '../../../../shared/contract/product';

/**
 * A registered unit named as My products shows it: its product id (the kind of unit, e.g. Arc) and its
 * uid, the two columns a person recognises a unit by; never the registration's number, which no customer
 * screen shows.
 */
export const productLabel = (product: Pick<Product, 'product_id' | 'uid'>): string => `${product.product_id} ${product.uid}`;
