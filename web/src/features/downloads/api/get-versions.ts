import { queryOptions, useQuery } from '@tanstack/react-query';
import { emptyVersions, readableVersions, VERSIONS_PATH, type Versions } from '../../../../../shared/downloads/releases';
import { downloadTexts } from '../messages';

/**
 * The release list, read straight from the data bucket (no Lambda in between): `GET /data/versions.json`
 * with a cache-busting suffix, so the browser never shows a list older than CloudFront's minute. A
 * malformed entry is left out with a line in the console (which entry, and why); the rest is shown.
 */
export async function getVersions(): Promise<Versions> {
  let response: Response;
  try {
    response = await fetch(`${VERSIONS_PATH}?t=${Date.now()}`);
  } catch {
    throw new Error(downloadTexts.releasesFailed);
  }
  // No list published yet: nothing to offer, not an error.
  if (response.status === 404) return emptyVersions();
  if (!response.ok) throw new Error(downloadTexts.releasesFailed);
  const versions = readableVersions(await response.json().catch(() => undefined), (line) => console.warn(line));
  if (!versions) throw new Error(downloadTexts.releasesFailed);
  return versions;
}

export const versionsQueryKey = ['data', 'versions.json'] as const;

export const versionsQueryOptions = () => queryOptions({ queryKey: versionsQueryKey, queryFn: getVersions });

export const useVersions = () => useQuery(versionsQueryOptions());
