import { versionsSchema, type Versions } from '../../shared/downloads/releases';
import { stackContext } from './api';

/** The release list as the SPA reads it: /data/versions.json with a cache-busting suffix. */
export async function publishedVersions(): Promise<Versions> {
  const response = await fetch(`${stackContext().baseUrl}/data/versions.json?t=${Date.now()}`);
  if (response.status !== 200) throw new Error(`/data/versions.json answered HTTP ${response.status}`);
  return versionsSchema.parse(await response.json());
}
