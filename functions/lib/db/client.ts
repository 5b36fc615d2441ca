import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getConfig } from '../config';

let documentClient: DynamoDBDocumentClient | undefined;

/**
 * The one DynamoDB client of a function. Locally the SDK reads AWS_ENDPOINT_URL_DYNAMODB and talks to
 * DynamoDB Local; in AWS it talks to DynamoDB. The code is the same.
 */
export function getDocumentClient(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({ region: getConfig().region }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}
