import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

const cache = new Map<string, { value: string; expires: number }>();
const TTL_MS = 5 * 60_000;
let client: SecretsManagerClient | undefined;

/**
 * A secret by name: `NAME` in the environment (the local stack generates its own), or else the
 * Secrets Manager secret whose ARN is in `NAME_ARN` (AWS), cached for five minutes so that a rotated
 * value is picked up without a redeploy.
 */
export async function getSecret(name: string): Promise<string> {
  const direct = process.env[name];
  if (direct) return direct;
  const arn = process.env[`${name}_ARN`];
  if (!arn) throw new Error(`Neither ${name} nor ${name}_ARN is set`);
  const cached = cache.get(arn);
  if (cached && cached.expires > Date.now()) return cached.value;
  client ??= new SecretsManagerClient({});
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  if (!SecretString) throw new Error(`Secret ${arn} has no string value`);
  cache.set(arn, { value: SecretString, expires: Date.now() + TTL_MS });
  return SecretString;
}
