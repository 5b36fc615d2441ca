import { webConfigSchema, type WebConfig } from '../../shared/web-config';

/** Raised when /config.json is missing or invalid; its message names what is wrong. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

let loaded: WebConfig | undefined;

/**
 * Fetches and parses /config.json once, at start, with a clear error naming what is wrong. Runtime settings (region, user pool, API base)
 * live there, never in the bundle, so one build serves every stage.
 */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<WebConfig> {
  if (loaded) return loaded;
  let response: Response;
  try {
    response = await fetchImpl('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch {
    throw new ConfigError('Cannot load /config.json: the server did not answer');
  }
  if (!response.ok) throw new ConfigError(`Cannot load /config.json: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ConfigError('Cannot load /config.json: it is not JSON');
  }
  const parsed = webConfigSchema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid /config.json: ${problems}`);
  }
  loaded = parsed.data;
  return loaded;
}

/** The settings read at start; only valid after loadConfig() resolved (main.tsx awaits it before rendering). */
export function getConfig(): WebConfig {
  if (!loaded) throw new ConfigError('Configuration is not loaded yet');
  return loaded;
}
