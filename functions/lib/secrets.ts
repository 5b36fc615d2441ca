import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { awsClientConfig } from './aws-client-config';
import { functionEnv } from './runtime-env';

const cache = new Map<string, { value: string; expires: number }>();
const TTL_MS = 5 * 60_000;
let client: SecretsManagerClient | undefined;

/**
 * A secret by its environment name: `NAME` in the function's environment (the local stack generates its
 * own), or else the Secrets Manager secret whose ARN is in `NAME_SECRET_ID` (AWS), cached for five
 * minutes so that a rotated value is picked up without a redeploy.
 */
export async function getSecret(name: string): Promise<string> {
  const env = functionEnv();
  const direct = env[name];
  if (direct) return direct;
  const secretId = env[`${name}_SECRET_ID`];
  if (!secretId) throw new Error(`Neither ${name} nor ${name}_SECRET_ID is set: the unit is not granted this secret`);
  const cached = cache.get(secretId);
  if (cached && cached.expires > Date.now()) return cached.value;
  // Loaded on first use: only AWS reads secrets this way, and the SDK costs cold-start time.
  const sdk = await import('@aws-sdk/client-secrets-manager');
  client ??= new sdk.SecretsManagerClient(awsClientConfig);
  const { SecretString } = await client.send(new sdk.GetSecretValueCommand({ SecretId: secretId }));
  if (!SecretString) throw new Error(`Secret ${secretId} has no string value`);
  cache.set(secretId, { value: SecretString, expires: Date.now() + TTL_MS });
  return SecretString;
}
