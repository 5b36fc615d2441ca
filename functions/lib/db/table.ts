import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Table } from 'dynamodb-toolbox/table';
import { awsClientConfig } from '../aws-client-config';
import { getTableName } from '../config';
import { dataTable } from './layout';

/**
 * The one DynamoDB client of a function. Locally the SDK reads AWS_ENDPOINT_URL_DYNAMODB and talks to
 * DynamoDB Local; in AWS it talks to DynamoDB. Region and endpoint are resolved at the first call; a
 * stalled store fails the call within seconds (aws-client-config.ts).
 */
export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient(awsClientConfig), {
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

/**
 * The cancellation reasons that mean another write came first: a condition that no longer held, or
 * (a transaction only) a concurrent write of the same item. The callers read again and retry, or answer
 * "changed meanwhile"; any other reason (ValidationError such as an item over 400 KB, throttling,
 * ItemCollectionSizeLimitExceeded) is a failure of its own and must reach the caller as one.
 */
const RACE_REASONS: ReadonlySet<string> = new Set(['ConditionalCheckFailed', 'TransactionConflict']);

/**
 * DynamoDB's answer to a write whose condition did not hold: ConditionalCheckFailedException, or a
 * cancelled transaction one of whose items failed its condition (or lost to a concurrent write of it).
 * A transaction cancelled for another reason only is not one.
 */
export const isConditionFailure = (error: unknown): boolean => {
  const { name, CancellationReasons } = (error ?? {}) as { name?: string; CancellationReasons?: { Code?: string }[] };
  if (name === 'ConditionalCheckFailedException') return true;
  if (name !== 'TransactionCanceledException') return false;
  return (CancellationReasons ?? []).some((reason) => reason?.Code !== undefined && RACE_REASONS.has(reason.Code));
};

/** Epoch seconds `seconds` from now: a time-to-live value. */
export const expiresIn = (seconds: number, now = Date.now()): number => Math.floor(now / 1000) + seconds;
