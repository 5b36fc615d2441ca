import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { portalTable } from '../../lib/db/table';
import { ProductEntity, productsOfPartition, type ProductRecord } from './product.entity';

/**
 * The products repository's read of one registered product, in a module of its own so a function that
 * only reads products (a case naming one, the forum's groups) does not bundle the repository's writes with their lists,
 * counters and audit. products.repository.ts exports it too.
 */
export async function findProduct(id: number): Promise<ProductRecord | null> {
  const { Item } = await ProductEntity.build(GetItemCommand).key({ id }).options({ consistent: true }).send();
  return Item ?? null;
}

/** A user's products, newest first. */
export async function productsOf(userId: number): Promise<ProductRecord[]> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(ProductEntity)
    .query({ index: 'gsi1', partition: productsOfPartition(userId) })
    .options({ maxPages: Infinity, reverse: true })
    .send();
  return Items ?? [];
}
