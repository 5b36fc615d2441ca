import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Which username holds an email address. Written with a condition by the pre-signup trigger, so two
 * sign-ups with the same address at the same moment cannot both pass; released when the account is deleted.
 */
export const createEmailClaimEntity = (client: DynamoDBDocumentClient, table: string) =>
  new Entity(
    {
      model: { entity: 'email_claim', version: '1', service: 'portal' },
      attributes: {
        email: { type: 'string', required: true, readOnly: true },
        username: { type: 'string', required: true },
        created: { type: 'string', default: () => new Date().toISOString() },
      },
      indexes: {
        byEmail: {
          pk: { field: 'pk', composite: ['email'] },
          sk: { field: 'sk', composite: [] },
        },
      },
    },
    { client, table },
  );
