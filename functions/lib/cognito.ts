import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { getConfig } from './config';

let client: CognitoIdentityProviderClient | undefined;

/** The Cognito client; locally AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER points it at cognito-local. */
export function getCognitoClient(): CognitoIdentityProviderClient {
  client ??= new CognitoIdentityProviderClient({ region: getConfig().region });
  return client;
}

/** Cognito attribute list → plain record. */
export function attributeRecord(attributes: { Name?: string; Value?: string }[] | undefined): Record<string, string> {
  return Object.fromEntries((attributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));
}
