import { Entity } from 'dynamodb-toolbox/entity';
import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from './table';

/** Next id of a kind (user, license, case …): pk `counter#{name}`, sk `counter`, UpdateItem ADD. */
export const CounterEntity = new Entity({
  name: 'counter',
  table: portalTable,
  schema: item({ name: string().key(), value: number().default(0) }),
  computeKey: ({ name }) => ({ pk: `counter#${name}`, sk: 'counter' }),
  timestamps: false,
});

/** Reserves `count` consecutive numbers of a kind at once (bulk loads); returns the first. */
export async function reserveIds(kind: string, count: number): Promise<number> {
  const { Attributes } = await CounterEntity.build(UpdateItemCommand)
    .item({ name: kind, value: $add(count) })
    .options({ returnValues: 'UPDATED_NEW' })
    .send();
  if (typeof Attributes?.value !== 'number') throw new Error(`Counter ${kind} returned no value`);
  return Attributes.value - count + 1;
}

/** Hands out the next number of a kind, atomically: ids people type or read are small numbers, not uuids. */
export async function nextId(kind: string): Promise<number> {
  const { Attributes } = await CounterEntity.build(UpdateItemCommand)
    .item({ name: kind, value: $add(1) })
    .options({ returnValues: 'UPDATED_NEW' })
    .send();
  if (typeof Attributes?.value !== 'number') throw new Error(`Counter ${kind} returned no value`);
  return Attributes.value;
}
