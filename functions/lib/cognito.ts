import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { awsClientConfig } from './aws-client-config';

type CognitoSdk = typeof import('@aws-sdk/client-cognito-identity-provider');
let loaded: Promise<{ sdk: CognitoSdk; client: CognitoIdentityProviderClient }> | undefined;

/**
 * The Cognito SDK and client, loaded on first use: most calls never need Cognito, and loading the SDK
 * costs tens of milliseconds of cold start. Region and endpoint come from the SDK's own environment
 * (AWS_REGION; locally AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER points it at cognito-local).
 */
export function cognito(): Promise<{ sdk: CognitoSdk; client: CognitoIdentityProviderClient }> {
  loaded ??= import('@aws-sdk/client-cognito-identity-provider').then((sdk) => ({
    sdk,
    client: new sdk.CognitoIdentityProviderClient(awsClientConfig),
  }));
  return loaded;
}

/** Cognito attribute list → plain record. */
export function attributeRecord(attributes: { Name?: string; Value?: string }[] | undefined): Record<string, string> {
  return Object.fromEntries((attributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));
}

/** Cognito's "no such user", whichever way the SDK reports it. */
export const isUserNotFound = (error: unknown) => (error as Error).name === 'UserNotFoundException';

