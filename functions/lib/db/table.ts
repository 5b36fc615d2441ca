import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Table } from 'dynamodb-toolbox/table';
import { dataTable } from '../../../infra/definitions';
import { getConfig } from '../config';

/**
 * The one DynamoDB client of a function. Locally the SDK reads AWS_ENDPOINT_URL_DYNAMODB and talks to
 * DynamoDB Local; in AWS it talks to DynamoDB. Region and endpoint are resolved at the first call.
 */
export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

const [gsi1, gsi2] = dataTable.globalIndexes;

/** The single table of infra/definitions; its name is read from the environment at the first call. */
export const portalTable = new Table({
  name: () => getConfig().tableName,
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
