import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { CounterEntity } from './entities';

/** Hands out the next number of a kind (user, license, case …), atomically. */
export async function nextId(kind: string): Promise<number> {
  const { Attributes } = await CounterEntity.build(UpdateItemCommand)
    .item({ name: kind, value: $add(1) })
    .options({ returnValues: 'UPDATED_NEW' })
    .send();
  if (typeof Attributes?.value !== 'number') throw new Error(`Counter ${kind} returned no value`);
  return Attributes.value;
}
