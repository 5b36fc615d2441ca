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
  const known = knownSecret(name);
  if (known !== undefined) return known;
  const secretId = functionEnv()[`${name}_SECRET_ID`];
  if (!secretId) throw new Error(`Neither ${name} nor ${name}_SECRET_ID is set: the unit is not granted this secret`);
  // Loaded on first use: only AWS reads secrets this way, and the SDK costs cold-start time.
  const sdk = await import('@aws-sdk/client-secrets-manager');
  client ??= new sdk.SecretsManagerClient(awsClientConfig);
  const { SecretString } = await client.send(new sdk.GetSecretValueCommand({ SecretId: secretId }));
  if (!SecretString) throw new Error(`Secret ${secretId} has no string value`);
  cache.set(secretId, { value: SecretString, expires: Date.now() + TTL_MS });
  return SecretString;
}

/**
 * The secret's value when it is known without asking anyone (in the environment, or fetched within the
 * last five minutes); undefined when getSecret must fetch it. For a check made on every request, which
 * then waits for nothing on a warm call.
 */
export function knownSecret(name: string): string | undefined {
  const env = functionEnv();
  const direct = env[name];
  if (direct) return direct;
  const secretId = env[`${name}_SECRET_ID`];
  const cached = secretId === undefined ? undefined : cache.get(secretId);
  return cached && cached.expires > Date.now() ? cached.value : undefined;
}
