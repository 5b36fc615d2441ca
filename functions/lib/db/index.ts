import { getConfig } from '../config';
import { getDocumentClient } from './client';
import { createCounterEntity } from './entities/counter';
import { createEmailClaimEntity } from './entities/email-claim';
import { createUserEntity } from './entities/user';

/**
 * Data access for every function, one ElectroDB entity per record type in the single table.
 *
 * Access patterns (keys are ElectroDB's, composed from the attributes named):
 * | pattern                                   | entity       | index          | operation  |
 * |-------------------------------------------|--------------|----------------|------------|
 * | resolve the caller from the token's sub   | user         | primary (sub)  | GetItem    |
 * | user by numeric id                        | user         | gsi1 (id)      | Query      |
 * | next id of a kind (user, license, case …) | counter      | primary (name) | UpdateItem |
 * | which username holds an email             | email_claim  | primary (email)| GetItem / conditional PutItem |
 */
export function db() {
  cached ??= build();
  return cached;
}

let cached: ReturnType<typeof build> | undefined;

function build() {
  const client = getDocumentClient();
  const table = getConfig().tableName;
  return {
    users: createUserEntity(client, table),
    counters: createCounterEntity(client, table),
    emailClaims: createEmailClaimEntity(client, table),
  };
}

/** Hands out the next number of a kind, atomically. */
export async function nextId(kind: string): Promise<number> {
  const { data } = await db().counters.update({ name: kind }).add({ value: 1 }).go({ response: 'updated_new' });
  if (typeof data.value !== 'number') throw new Error(`Counter ${kind} returned no value`);
  return data.value;
}
