import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Table } from 'dynamodb-toolbox/table';
import { getTableName } from '../config';
import { dataTable } from './layout';

/**
 * The one DynamoDB client of a function. Locally the SDK reads AWS_ENDPOINT_URL_DYNAMODB and talks to
 * DynamoDB Local; in AWS it talks to DynamoDB. Region and endpoint are resolved at the first call.
 */
export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

const [gsi1, gsi2] = dataTable.globalIndexes;

/** The single table; its name is read from the running function's environment at each call. */
export const portalTable = new Table({
  name: getTableName,
  documentClient,
  partitionKey: { name: dataTable.partitionKey, type: 'string' },
  sortKey: { name: dataTable.sortKey, type: 'string' },
  indexes: {
    gsi1: {
      type: 'global',
      partitionKey: { name: gsi1.partitionKey, type: 'string' },
      sortKey: { name: gsi1.sortKey, type: 'string' },
    },
    gsi2: {
      type: 'global',
      partitionKey: { name: gsi2.partitionKey, type: 'string' },
      sortKey: { name: gsi2.sortKey, type: 'string' },
    },
  },
});

/** Created and updated times every entity keeps, as `created` and `updated` (ISO 8601). */
export const timestamps = {
  created: { name: 'created', savedAs: 'created' },
  modified: { name: 'updated', savedAs: 'updated' },
} as const;

/** DynamoDB's answer to a write (or a transaction) whose condition did not hold. */
export const isConditionFailure = (error: unknown): boolean => {
  const name = (error as Error).name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
};

/** Epoch seconds `seconds` from now: a time-to-live value. */
export const expiresIn = (seconds: number, now = Date.now()): number => Math.floor(now / 1000) + seconds;
