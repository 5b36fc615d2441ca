import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { ProductEntity } from './product.entity';
import type { ProductRecord } from './products.repository';

/**
 * The products repository's read of one registered product, in a module of its own so a function that
 * only reads a product (a case naming one) does not bundle the repository's writes with their lists,
 * counters and audit. products.repository.ts exports it too.
 */
export async function findProduct(id: number): Promise<ProductRecord | null> {
  const { Item } = await ProductEntity.build(GetItemCommand).key({ id }).options({ consistent: true }).send();
  return Item ?? null;
}
