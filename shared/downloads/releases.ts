import * as z from 'zod/mini';
import { multiLineText, singleLineText } from '../validation';

/**
 * The release list, `/data/versions.json` in the data bucket: the desktop software releases (`otii`,
 * `otii2`) and the firmware releases (`firmware`, `firmware2`), each list newest first. The publish
 * script writes it, the SPA reads it (`GET /data/versions.json?t=…`), tests check it: this schema is the
 * one description of the format (docs/operations.md, "Releases").
 *
 * `otii2` holds the current generation of the desktop app and `firmware2` the firmware it runs with;
 * `otii` and `firmware` the previous generation's, still offered to those who use it.
 */

export const SOFTWARE_LISTS = ['otii2', 'otii'] as const;
export type SoftwareList = (typeof SOFTWARE_LISTS)[number];
export const FIRMWARE_LISTS = ['firmware2', 'firmware'] as const;
export type FirmwareList = (typeof FIRMWARE_LISTS)[number];
export type ReleaseList = SoftwareList | FirmwareList;
export const RELEASE_LISTS: readonly ReleaseList[] = [...SOFTWARE_LISTS, ...FIRMWARE_LISTS];

export const SOFTWARE_OS = ['windows', 'macos', 'ubuntu'] as const;
export type SoftwareOs = (typeof SOFTWARE_OS)[number];
export const SOFTWARE_ARCH = ['x64', 'arm64'] as const;
export type SoftwareArch = (typeof SOFTWARE_ARCH)[number];
export const FIRMWARE_TYPES = ['Arc', 'Ace'] as const;
export type FirmwareType = (typeof FIRMWARE_TYPES)[number];

/** A release version: numbers with dots, optionally a pre-release or build suffix (3.6.0, 3.6.0-beta.1). */
export const releaseVersionSchema = z.string().check(z.maxLength(40), z.regex(/^\d+(\.\d+){0,3}([-+][0-9A-Za-z.-]+)?$/, 'Invalid version'));

/**
 * A package's name: its key in the downloads bucket and the last part of `/downloads/{package}`. One path
 * segment of safe characters, so the link needs no escaping and no key can climb out of the bucket.
 */
export const packageNameSchema = z.string().check(z.maxLength(200), z.regex(/^[A-Za-z0-9][A-Za-z0-9._+-]*$/, 'Invalid package name'));

/** A release date, YYYY-MM-DD. */
export const releaseDateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date (YYYY-MM-DD)'));

export const softwareEntrySchema = z.object({
  os: z.enum(SOFTWARE_OS),
  arch: z.enum(SOFTWARE_ARCH),
  /** What the package is, beside its OS label (e.g. "Installer (.exe)", "AppImage"). */
  title: singleLineText(120),
  package: packageNameSchema,
});
export type SoftwareEntry = z.infer<typeof softwareEntrySchema>;

/**
 * A release that is not downloadable (announced, or withdrawn) names no package: its packages are not
 * in the downloads bucket either, so nothing of it is public but its notes.
 */
export const releaseMessages = {
  packagesOfHiddenRelease: 'A release that is not downloadable names no package',
  noPackage: 'A downloadable firmware release names its package',
} as const;

export const softwareReleaseSchema = z
  .object({
    version: releaseVersionSchema,
    date: releaseDateSchema,
    /** Plain text; line breaks are kept. */
    notes: multiLineText(20_000),
    /** False lists the release with its notes but offers no package (withdrawn, or announced): `software` is then empty. */
    downloadAllowed: z.boolean(),
    software: z.array(softwareEntrySchema),
  })
  .check(z.refine((release) => release.downloadAllowed || release.software.length === 0, releaseMessages.packagesOfHiddenRelease));
export type SoftwareRelease = z.infer<typeof softwareReleaseSchema>;

export const firmwareReleaseSchema = z
  .object({
    type: z.enum(FIRMWARE_TYPES),
    version: releaseVersionSchema,
    date: releaseDateSchema,
    notes: multiLineText(20_000),
    downloadAllowed: z.boolean(),
    /** The package, for a downloadable release only. */
    package: z.optional(packageNameSchema),
  })
  .check(
    z.refine((release) => !release.downloadAllowed || release.package !== undefined, releaseMessages.noPackage),
    z.refine((release) => release.downloadAllowed || release.package === undefined, releaseMessages.packagesOfHiddenRelease),
  );
export type FirmwareRelease = z.infer<typeof firmwareReleaseSchema>;

/**
 * A version of the End User License Agreement: one path segment of letters, digits, dots and dashes
 * ("2", "2025-06"), so its document's address needs no escaping.
 */
export const eulaVersionSchema = z.string().check(z.regex(/^[0-9A-Za-z][0-9A-Za-z.-]{0,39}$/, 'Invalid EULA version'));

/**
 * A published version of the EULA. Its text is a plain-text document in the data bucket, beside
 * versions.json (`eulaPath`), never replaced: an acceptance names the version, and the version names
 * exactly one text.
 */
export const eulaDocumentSchema = z.object({
  version: eulaVersionSchema,
  /** When it was published, YYYY-MM-DD. */
  date: releaseDateSchema,
});
export type EulaDocument = z.infer<typeof eulaDocumentSchema>;

/** One entry of each list of versions.json: the release lists and the EULA's versions. */
const entrySchemas = {
  otii: softwareReleaseSchema,
  otii2: softwareReleaseSchema,
  firmware: firmwareReleaseSchema,
  firmware2: firmwareReleaseSchema,
  /** The EULA's published versions, the current one first. */
  eula: eulaDocumentSchema,
};
type ListName = keyof typeof entrySchemas;
const LIST_NAMES = Object.keys(entrySchemas) as ListName[];

/** The whole of versions.json; a list that is absent reads as empty. */
export const versionsSchema = z.object({
  otii: z._default(z.array(entrySchemas.otii), []),
  otii2: z._default(z.array(entrySchemas.otii2), []),
  firmware: z._default(z.array(entrySchemas.firmware), []),
  firmware2: z._default(z.array(entrySchemas.firmware2), []),
  eula: z._default(z.array(entrySchemas.eula), []),
});
export type Versions = z.infer<typeof versionsSchema>;

/**
 * versions.json as a reader shows it: every well-formed entry, each malformed one left out with a line
 * to `log` saying which and why, so one bad entry (written by hand, or by an older script) costs that
 * entry only, never the page. Only a body that is not an object at all is refused (undefined).
 */
export function readableVersions(raw: unknown, log: (line: string) => void): Versions | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const body = raw as Record<string, unknown>;
  const versions = emptyVersions();
  for (const name of LIST_NAMES) {
    const list = body[name];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      log(`versions.json: ${name} is not a list: left out`);
      continue;
    }
    const entry = entrySchemas[name];
    const kept = list.flatMap((item: unknown, index) => {
      const parsed = entry.safeParse(item);
      if (parsed.success) return [parsed.data];
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(entry)'}: ${issue.message}`).join('; ');
      log(`versions.json: ${name}[${index}] left out (${problems})`);
      return [];
    });
    (versions as Record<ListName, unknown[]>)[name] = kept;
  }
  return versions;
}

/** The data bucket key of the release list, and its path below the distribution. */
export const VERSIONS_KEY = 'versions.json';
export const VERSIONS_PATH = `/data/${VERSIONS_KEY}`;
/** Where a package is served. */
export const packagePath = (name: string): string => `/downloads/${encodeURIComponent(name)}`;

export const emptyVersions = (): Versions => ({ otii: [], otii2: [], firmware: [], firmware2: [], eula: [] });

/** The data bucket key of a EULA version's text, and its path below the distribution. */
export const eulaKey = (version: string): string => `eula/${version}.txt`;
export const eulaPath = (version: string): string => `/data/${eulaKey(version)}`;

/** The EULA a download is under now: the newest published version, if any. */
export const currentEula = (versions: Versions): EulaDocument | undefined => versions.eula[0];

export const isSoftwareList = (list: string): list is SoftwareList => (SOFTWARE_LISTS as readonly string[]).includes(list);
export const isFirmwareList = (list: string): list is FirmwareList => (FIRMWARE_LISTS as readonly string[]).includes(list);

/** The OS label the download page shows: Ubuntu (Intel/Arm), Windows, macOS (Apple silicon/Intel). */
export function softwareLabel(os: SoftwareOs, arch: SoftwareArch): string {
  switch (os) {
    case 'ubuntu':
      return arch === 'arm64' ? 'Ubuntu (Arm)' : 'Ubuntu (Intel)';
    case 'windows':
      return arch === 'arm64' ? 'Windows (Arm)' : 'Windows';
    case 'macos':
      return arch === 'arm64' ? 'macOS (Apple silicon)' : 'macOS (Intel)';
  }
}

/** The order the download page lists packages in: Windows, macOS, Ubuntu; Apple silicon before Intel on a Mac. */
export function sortSoftware(entries: readonly SoftwareEntry[]): SoftwareEntry[] {
  const rank = (entry: SoftwareEntry) =>
    SOFTWARE_OS.indexOf(entry.os) * 10 + (entry.os === 'macos' ? SOFTWARE_ARCH.indexOf(entry.arch) * -1 + 1 : SOFTWARE_ARCH.indexOf(entry.arch));
  return [...entries].sort((a, b) => rank(a) - rank(b));
}

/**
 * Orders two release versions by their numbers (3.10.0 after 3.9.2); a pre-release comes before its
 * release (3.6.0-beta.1 before 3.6.0).
 */
export function compareVersions(a: string, b: string): number {
  const split = (version: string) => {
    const match = /^([\d.]+)(?:-([^+]*))?/.exec(version);
    return { numbers: (match?.[1] ?? '').split('.').map(Number), pre: match?.[2] };
  };
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < Math.max(x.numbers.length, y.numbers.length); i++) {
    const difference = (x.numbers[i] ?? 0) - (y.numbers[i] ?? 0);
    if (difference !== 0) return difference;
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre.localeCompare(y.pre, 'en', { numeric: true });
}

/** A release with this version (and, for firmware, type) is already in the list. */
export class ReleaseExistsError extends Error {
  override readonly name = 'ReleaseExistsError';
}

type AnyRelease = SoftwareRelease | FirmwareRelease;
/** Two entries are the same release: the same version and, for firmware, type. */
export const sameRelease = (a: AnyRelease, b: AnyRelease) =>
  a.version === b.version && ('type' in a && 'type' in b ? a.type === b.type : true);

/**
 * The list with `release` in its place (newest version first). A release of the same version (and
 * firmware type) is replaced only with `replace`; otherwise ReleaseExistsError.
 */
export function withRelease<R extends AnyRelease>(list: readonly R[], release: R, { replace = false } = {}): R[] {
  const others = list.filter((existing) => !sameRelease(existing, release));
  if (others.length !== list.length && !replace) {
    throw new ReleaseExistsError(`Release ${'type' in release ? `${release.type} ` : ''}${release.version} is already published (use --replace to replace it)`);
  }
  const at = others.findIndex((existing) => compareVersions(existing.version, release.version) < 0);
  return at === -1 ? [...others, release] : [...others.slice(0, at), release, ...others.slice(at)];
}

/** Every software release the download page lists: the current generation's first, each list newest first. */
export const softwareReleases = (versions: Versions): SoftwareRelease[] => SOFTWARE_LISTS.flatMap((list) => versions[list]);

/** The release `/download?version=` names, else the first one. */
export const selectRelease = (releases: readonly SoftwareRelease[], version: string | null | undefined): SoftwareRelease | undefined =>
  releases.find((release) => release.version === version) ?? releases[0];

/** The firmware releases of one type, current generation first, each newest first. */
export const firmwareReleases = (versions: Versions, type: FirmwareType): FirmwareRelease[] =>
  FIRMWARE_LISTS.flatMap((list) => versions[list]).filter((release) => release.type === type);

/** The packages a release names: none unless it is downloadable. */
export const packagesOfRelease = (release: SoftwareRelease | FirmwareRelease): string[] =>
  'software' in release ? release.software.map((entry) => entry.package) : release.package !== undefined ? [release.package] : [];

/** Every package a release list names (to check that each one is in the downloads bucket). */
export const packagesOf = (versions: Versions): string[] => RELEASE_LISTS.flatMap((list) => versions[list].flatMap(packagesOfRelease));
