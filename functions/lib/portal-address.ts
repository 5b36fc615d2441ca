import type { SSMClient } from '@aws-sdk/client-ssm';
import { ENV } from '../../shared/runtime';
import { awsClientConfig } from './aws-client-config';
import { logger } from './logger';
import { functionEnv } from './runtime-env';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where a function learns the portal's address (for links in mail):
 * - `url`: PORTAL_URL, set directly (the local stack sets its own base URL);
 * - `parameter`: PORTAL_URL_PARAMETER, the name of the SSM parameter the stack writes the distribution's
 *   address to. The address cannot be in a function's environment in AWS: the distribution reaches the
 *   API, the API the function, so the function naming the distribution would close a dependency cycle;
 *   the parameter's name is fixed, so naming it depends on nothing;
 * - `none`: neither (code run outside a unit): links stay relative.
 */
export type PortalAddressSource = { kind: 'url'; url: string } | { kind: 'parameter'; name: string } | { kind: 'none' };

export function portalAddressSource(env: Env): PortalAddressSource {
  const url = env[ENV.portalUrl];
  if (url) return { kind: 'url', url: checkedAddress(url) };
  const name = env[ENV.portalUrlParameter];
  if (name) return { kind: 'parameter', name };
  return { kind: 'none' };
}

/** An http(s) origin, without a trailing slash; anything else is refused (a link must never go elsewhere). */
function checkedAddress(value: string): string {
  const url = new URL(value.trim());
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`The portal address ${value} is not http(s)`);
  return url.origin;
}

/** Reads a String parameter's value by its name. */
export type ParameterReader = (name: string) => Promise<string>;

let ssm: SSMClient | undefined;
const readFromSsm: ParameterReader = async (name) => {
  // Loaded on first use: only AWS reads the address this way, once per cold start, and the SDK costs cold-start time.
  const sdk = await import('@aws-sdk/client-ssm');
  ssm ??= new sdk.SSMClient(awsClientConfig);
  const { Parameter } = await ssm.send(new sdk.GetParameterCommand({ Name: name }));
  if (!Parameter?.Value) throw new Error(`Parameter ${name} has no value`);
  return Parameter.Value;
};

/** The address read from each parameter: read once per cold start (it changes only with a new distribution). */
const read = new Map<string, Promise<string>>();

/**
 * The portal's address (`https://d123.cloudfront.net`), or undefined when it is not known: not configured,
 * or the parameter could not be read (logged as a warning, read again next time).
 */
export async function portalAddress(env: Env = functionEnv(), reader: ParameterReader = readFromSsm): Promise<string | undefined> {
  let source: PortalAddressSource;
  try {
    source = portalAddressSource(env);
  } catch (error) {
    logger.warn('The portal address is malformed: links in mail are relative', { error: error as Error });
    return undefined;
  }
  if (source.kind === 'url') return source.url;
  if (source.kind === 'none') {
    logger.warn(`Neither ${ENV.portalUrl} nor ${ENV.portalUrlParameter} is set: links in mail are relative`);
    return undefined;
  }
  let value = read.get(source.name);
  if (!value) {
    value = reader(source.name).then(checkedAddress);
    read.set(source.name, value);
  }
  try {
    return await value;
  } catch (error) {
    if (read.get(source.name) === value) read.delete(source.name);
    logger.warn('The portal address could not be read: links in mail are relative', { parameter: source.name, error: error as Error });
    return undefined;
  }
}

/**
 * A link to a page of the portal, `path` from its root (`/cases/12`): absolute when the portal's address
 * is known, else the path alone (a reader still learns which page is meant).
 */
export async function portalLink(path: string, env: Env = functionEnv(), reader: ParameterReader = readFromSsm): Promise<string> {
  const address = await portalAddress(env, reader);
  return address ? `${address}${path}` : path;
}
