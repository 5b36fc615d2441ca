import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import {
  emptyVersions,
  eulaDocumentSchema,
  eulaKey,
  firmwareReleaseSchema,
  isFirmwareList,
  packageNameSchema,
  packagesOf,
  packagesOfRelease,
  sameRelease,
  softwareReleaseSchema,
  VERSIONS_KEY,
  versionsSchema,
  withRelease,
  type FirmwareList,
  type FirmwareRelease,
  type SoftwareList,
  type EulaDocument,
  type SoftwareRelease,
  type Versions,
} from '../../shared/downloads/releases';

/**
 * Publishing a release: its packages into the downloads bucket, then the release into versions.json in
 * the data bucket. The order matters: versions.json never names a package that is not there yet.
 *
 * versions.json is changed by read, change, conditional write: the write carries the ETag that was read
 * (`If-Match`; `If-None-Match: *` when there was none yet), so two operators publishing at once cannot
 * lose each other's release: the second write fails with 412, and that publish reads again and re-applies
 * its change. A reader of /data/versions.json sees the old list or the new one, never a part (an S3 PUT
 * replaces an object whole). Write-then-swap would need a rename, which S3 does not have, and a pointer
 * object would add a second read to every page load.
 */

/** A package to upload: a file on disk (or bytes, for the local seed) under its name in the bucket. */
export interface PackageSource {
  name: string;
  /** A file path, or the bytes themselves. */
  file: string | Uint8Array;
}

export type ReleaseToPublish =
  | { list: SoftwareList; release: SoftwareRelease }
  | { list: FirmwareList; release: FirmwareRelease };

export interface PublishTarget {
  s3: S3Client;
  dataBucket: string;
  downloadsBucket: string;
  log?: (line: string) => void;
}

/** A package of that name is in the bucket with other bytes: published packages are never replaced. */
export class PackageConflictError extends Error {
  override readonly name = 'PackageConflictError';
}

/** versions.json changed under every attempt of ours. */
export class VersionsContentionError extends Error {
  override readonly name = 'VersionsContentionError';
}


const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
};
/** S3's answer to a conditional write whose condition no longer held (412), or that raced another (409). */
const isConditionFailure = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'PreconditionFailed' || name === 'ConditionalRequestConflict' || $metadata?.httpStatusCode === 412 || $metadata?.httpStatusCode === 409;
};

/**
 * Uploads a package unless the same bytes are there already (a re-run of a publish uploads nothing twice).
 * Packages are immutable (CloudFront caches them for a day): other bytes under a published name are refused.
 */
export async function uploadPackage(target: PublishTarget, source: PackageSource): Promise<'uploaded' | 'unchanged'> {
  const name = packageNameSchema.parse(source.name);
  // Read whole: a request body of known bytes, which every S3 (and s3rver) takes as it is.
  const body = typeof source.file === 'string' ? readFileSync(source.file) : source.file;
  const md5 = createHash('md5').update(body).digest('hex');
  try {
    const head = await target.s3.send(new HeadObjectCommand({ Bucket: target.downloadsBucket, Key: name }));
    if (head.ETag?.replace(/"/g, '') === md5) return 'unchanged';
    throw new PackageConflictError(`The downloads bucket holds another ${name}: publish the new package under a new name`);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  const length = body.byteLength;
  await target.s3.send(
    new PutObjectCommand({
      Bucket: target.downloadsBucket,
      Key: name,
      Body: body,
      ContentLength: length,
      ContentMD5: Buffer.from(md5, 'hex').toString('base64'),
      ContentType: 'application/octet-stream',
      ContentDisposition: `attachment; filename="${name}"`,
      CacheControl: 'public, max-age=31536000, immutable',
      // Two publishes of the same new name: only the first write lands.
      IfNoneMatch: '*',
    }),
  );
  target.log?.(`uploaded ${name} (${length} bytes)`);
  return 'uploaded';
}

/** versions.json as it is now, with its ETag (none when there is no list yet). */
export async function readVersions(target: PublishTarget): Promise<{ versions: Versions; etag: string | undefined }> {
  try {
    const object = await target.s3.send(new GetObjectCommand({ Bucket: target.dataBucket, Key: VERSIONS_KEY }));
    const versions = versionsSchema.parse(JSON.parse(await object.Body!.transformToString()));
    return { versions, etag: object.ETag };
  } catch (error) {
    if (isMissing(error)) return { versions: emptyVersions(), etag: undefined };
    throw error;
  }
}

/**
 * Applies `change` to versions.json with a conditional write; when another writer came first, reads
 * again and re-applies, up to `attempts` times. Returns the list as written.
 */
export async function updateVersions(
  target: PublishTarget,
  change: (versions: Versions) => Versions,
  { attempts = 5, pause = (attempt: number) => new Promise((r) => setTimeout(r, 2 ** attempt * 100 + Math.random() * 100)) } = {},
): Promise<Versions> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const { versions, etag } = await readVersions(target);
    // Checked before writing: a list the SPA could not read is never published.
    const next = versionsSchema.parse(change(versions));
    try {
      await target.s3.send(
        new PutObjectCommand({
          Bucket: target.dataBucket,
          Key: VERSIONS_KEY,
          Body: `${JSON.stringify(next, null, 2)}\n`,
          ContentType: 'application/json',
          // The SPA asks with a cache-busting suffix; CloudFront keeps it for a minute (its data behaviour).
          CacheControl: 'max-age=60',
          ...(etag ? { IfMatch: etag } : { IfNoneMatch: '*' }),
        }),
      );
      return next;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      target.log?.('versions.json changed meanwhile: reading it again');
      await pause(attempt);
    }
  }
  throw new VersionsContentionError(`versions.json kept changing: tried ${attempts} times, try again`);
}

const sameSource = (a: PackageSource['file'], b: PackageSource['file']) =>
  typeof a === 'string' || typeof b === 'string' ? a === b : Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
const describeSource = (file: PackageSource['file']) => (typeof file === 'string' ? file : `${file.byteLength} bytes`);

/**
 * What is wrong with a release's packages, found before anything is uploaded: two different files under
 * one package name (a package is its file's name: the second would be refused as another package of
 * that name after the first was uploaded), or two packages for one os/arch. One file for two os/arch
 * pairs (a universal macOS image) is fine: it is one package.
 */
export function packagePlanProblems(release: SoftwareRelease | FirmwareRelease, packages: readonly PackageSource[]): string[] {
  const problems: string[] = [];
  const byName = new Map<string, PackageSource['file'][]>();
  for (const { name, file } of packages) {
    const files = byName.get(name) ?? [];
    if (!files.some((other) => sameSource(other, file))) files.push(file);
    byName.set(name, files);
  }
  for (const [name, files] of byName) {
    if (files.length > 1) {
      problems.push(`${files.length} different files are named ${name} (${files.map(describeSource).join(', ')}): a package is named by its file, so rename them`);
    }
  }
  if ('software' in release) {
    const seen = new Set<string>();
    for (const { os, arch } of release.software) {
      const pair = `${os}/${arch}`;
      if (seen.has(pair)) problems.push(`${pair} is given twice: give one package for each OS and architecture`);
      seen.add(pair);
    }
  }
  return problems;
}

/** A release's packages once each (one file given for two os/arch pairs is uploaded once). */
const uniquePackages = (packages: readonly PackageSource[]) => packages.filter((source, index) => packages.findIndex((other) => other.name === source.name) === index);

/**
 * Publishes a release: uploads its packages, then puts it into its list in versions.json. A release that
 * is not downloadable (announced, or withdrawn) names no package and uploads none: nothing of it is at
 * /downloads/ until it is published again, downloadable, with --replace. Replacing a downloadable
 * release with one that names fewer packages (a withdrawal) removes the packages no release names any
 * more from the downloads bucket, after versions.json stops naming them.
 */
export async function publishRelease(
  target: PublishTarget,
  { list, release, packages, replace = false }: ReleaseToPublish & { packages: PackageSource[]; replace?: boolean },
): Promise<Versions> {
  const named = packagesOfRelease(release);
  const given = new Set(packages.map((source) => source.name));
  const missing = named.filter((name) => !given.has(name));
  if (missing.length) throw new Error(`No file given for ${missing.join(', ')}`);
  const unnamed = [...given].filter((name) => !named.includes(name));
  if (unnamed.length) throw new Error(`${unnamed.join(', ')} ${unnamed.length > 1 ? 'are' : 'is'} not a package of the release: a release that is not downloadable uploads none`);
  const problems = packagePlanProblems(release, packages);
  if (problems.length) throw new Error(problems.join('; '));
  if (isFirmwareList(list)) firmwareReleaseSchema.parse(release);
  else softwareReleaseSchema.parse(release);

  /** The release this one replaces, as the list that was written last held it. */
  let replaced: SoftwareRelease | FirmwareRelease | undefined;
  const change = (current: Versions): Versions => {
    replaced = (current[list] as (SoftwareRelease | FirmwareRelease)[]).find((existing) => sameRelease(existing, release));
    return isFirmwareList(list)
      ? { ...current, [list]: withRelease(current[list], release as FirmwareRelease, { replace }) }
      : { ...current, [list]: withRelease(current[list], release as SoftwareRelease, { replace }) };
  };
  // A release that is already published is refused before anything is uploaded.
  change((await readVersions(target)).versions);
  for (const source of uniquePackages(packages)) await uploadPackage(target, source);
  const versions = await updateVersions(target, change);
  target.log?.(`published ${list} ${'type' in release ? `${release.type} ` : ''}${release.version}${release.downloadAllowed ? '' : ' (not downloadable: no package is offered)'}`);
  const stillNamed = new Set(packagesOf(versions));
  for (const name of replaced ? packagesOfRelease(replaced).filter((name) => !stillNamed.has(name)) : []) await withdrawPackage(target, name);
  return versions;
}

/**
 * Takes a package no release names out of the downloads bucket (a versioned bucket keeps it as a
 * noncurrent version, from which it can be restored). A CDN in front may still serve a cached copy.
 */
async function withdrawPackage(target: PublishTarget, name: string): Promise<void> {
  await target.s3.send(new DeleteObjectCommand({ Bucket: target.downloadsBucket, Key: name }));
  target.log?.(`removed ${name} from the downloads bucket: in AWS, also invalidate /downloads/${name} in CloudFront, which may keep a cached copy`);
}

/** A file's package name: its own name. */
export const packageNameOf = (path: string): string => basename(path);

/** A EULA version of that number is published already (its text is never replaced). */
export class EulaExistsError extends Error {
  override readonly name = 'EulaExistsError';
}

/**
 * Publishes a version of the End User License Agreement: its text (plain UTF-8) into the data bucket
 * beside versions.json (`eula/{version}.txt`, served at /data/eula/{version}.txt), then the version
 * first in versions.json's `eula` list, where the download pages find the current one. A version's text
 * is never replaced: an acceptance records the version, which must keep naming the text accepted. A
 * re-run with the same text changes nothing.
 */
export async function publishEula(target: PublishTarget, document: EulaDocument & { text: string }): Promise<Versions> {
  const { version, date } = eulaDocumentSchema.parse(document);
  const text = document.text.trim();
  if (!text) throw new Error('The EULA text is empty');
  const body = Buffer.from(`${text}\n`, 'utf8');
  const md5 = createHash('md5').update(body).digest('hex');
  const { versions } = await readVersions(target);
  const listed = versions.eula.some((published) => published.version === version);
  try {
    const head = await target.s3.send(new HeadObjectCommand({ Bucket: target.dataBucket, Key: eulaKey(version) }));
    if (head.ETag?.replace(/"/g, '') !== md5) throw new EulaExistsError(`EULA ${version} is published with another text: publish the new text as a new version`);
    if (listed) return versions;
  } catch (error) {
    if (!isMissing(error)) throw error;
    if (listed) throw new EulaExistsError(`EULA ${version} is listed but its text is missing: publish the new text as a new version`);
    await target.s3.send(
      new PutObjectCommand({
        Bucket: target.dataBucket,
        Key: eulaKey(version),
        Body: body,
        ContentLength: body.byteLength,
        ContentMD5: Buffer.from(md5, 'hex').toString('base64'),
        ContentType: 'text/plain; charset=utf-8',
        CacheControl: 'public, max-age=31536000, immutable',
        IfNoneMatch: '*',
      }),
    );
    target.log?.(`uploaded ${eulaKey(version)} (${body.byteLength} bytes)`);
  }
  const next = await updateVersions(target, (current) =>
    current.eula.some((published) => published.version === version) ? current : { ...current, eula: [{ version, date }, ...current.eula] },
  );
  target.log?.(`published EULA ${version}`);
  return next;
}
