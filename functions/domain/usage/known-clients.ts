import { OTHER_USAGE } from '../../../shared/usage/usage';
import { readableVersions, SOFTWARE_OS, softwareReleases, VERSIONS_KEY, type Versions } from '../../../shared/downloads/releases';
import { findFile } from '../../lib/files/files';
import { logger } from '../../lib/logger';

/**
 * What the usage figures count for the version and OS a desktop client sent. Both are free text a caller
 * chooses, and each value would be a counted row of the admin's Usage screen (and an item `get_usage`
 * reads): only values the release list knows are counted as themselves, every other one as `other`, so
 * the rows stay as few as the releases whatever clients send.
 */

/** The OS as the release list names it (windows, macos, ubuntu; any case), else `other`. */
export function knownOs(os: string): string {
  const name = os.trim().toLowerCase();
  return (SOFTWARE_OS as readonly string[]).includes(name) ? name : OTHER_USAGE;
}

/** The version when a desktop release of that version was published, else `other`. */
export const knownVersion = (version: string, released: ReadonlySet<string>): string => (released.has(version.trim()) ? version.trim() : OTHER_USAGE);

/** Every desktop software version the release list names (both generations, withdrawn ones too: they were released). */
export const releasedVersionsOf = (versions: Versions): ReadonlySet<string> => new Set(softwareReleases(versions).map((release) => release.version));

/**
 * A release list read is kept this long: a release is published a few times a year, and a desktop start
 * must not read S3 each time. A version published meanwhile counts as `other` until then.
 */
const KEPT_MS = 5 * 60_000;
let kept: { until: number; versions: Promise<ReadonlySet<string>> } | undefined;

/** The released desktop versions, from versions.json in the data bucket (read at most every few minutes). */
export function releasedVersions(now = Date.now()): Promise<ReadonlySet<string>> {
  if (!kept || now >= kept.until) kept = { until: now + KEPT_MS, versions: readReleasedVersions() };
  return kept.versions;
}

async function readReleasedVersions(): Promise<ReadonlySet<string>> {
  try {
    const file = await findFile('data', VERSIONS_KEY);
    // Read as the Download page reads it: a malformed entry costs that entry only, with its log line.
    const versions = file && readableVersions(JSON.parse(new TextDecoder().decode(file)), (line) => logger.warn(line));
    return versions ? releasedVersionsOf(versions) : new Set();
  } catch (error) {
    // Counted as `other` until the next read; the use itself is never refused for it.
    logger.warn('Release list not read: versions count as other', { error });
    return new Set();
  }
}
