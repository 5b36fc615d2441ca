import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * A portal user, linked to one Cognito user by `sub`.
 * - primary (pk/sk): by Cognito sub — every signed-in call resolves its caller with one GetItem;
 * - gsi1: by the numeric id people read and type (admin detail, ownership of other records).
 */
export const createUserEntity = (client: DynamoDBDocumentClient, table: string) =>
  new Entity(
    {
      model: { entity: 'user', version: '1', service: 'portal' },
      attributes: {
        sub: { type: 'string', required: true, readOnly: true },
        id: { type: 'number', required: true, readOnly: true },
        username: { type: 'string', required: true, readOnly: true },
        email: { type: 'string', required: true },
        first_name: { type: 'string', required: true },
        last_name: { type: 'string', required: true },
        company: { type: 'string', default: '' },
        beta_access: { type: 'boolean', default: false },
        legacy: { type: 'boolean', default: false },
        accepted_marketing: { type: 'boolean', default: false },
        created: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
        updated: {
          type: 'string',
          watch: '*',
          set: () => new Date().toISOString(),
        },
      },
      indexes: {
        bySub: {
          pk: { field: 'pk', composite: ['sub'] },
          sk: { field: 'sk', composite: [] },
        },
        byId: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['id'] },
          sk: { field: 'gsi1sk', composite: [] },
        },
      },
    },
    { client, table },
  );
export type UserEntity = ReturnType<typeof createUserEntity>;
