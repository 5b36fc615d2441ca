import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Atomic counters that hand out the numeric ids of the spec (user id, license id, case id …). */
export const createCounterEntity = (client: DynamoDBDocumentClient, table: string) =>
  new Entity(
    {
      model: { entity: 'counter', version: '1', service: 'portal' },
      attributes: {
        name: { type: 'string', required: true, readOnly: true },
        value: { type: 'number', default: 0 },
      },
      indexes: {
        byName: {
          pk: { field: 'pk', composite: ['name'] },
          sk: { field: 'sk', composite: [] },
        },
      },
    },
    { client, table },
  );
