/**
 * `npm run release:publish -- …`: publishes a desktop software or firmware release. Uploads the packages
 * to the downloads bucket (served at /downloads/{package}), then adds the release to /data/versions.json
 * (see publish-release.ts for how that write stays safe). docs/operations.md, "Releases", has the usage.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { S3Client } from '@aws-sdk/client-s3';
import {
  FIRMWARE_TYPES,
  isFirmwareList,
  isSoftwareList,
  RELEASE_LISTS,
  SOFTWARE_ARCH,
  SOFTWARE_OS,
  type FirmwareType,
  type SoftwareArch,
  type SoftwareEntry,
  type SoftwareOs,
} from '../../shared/downloads/releases';
import { localNames } from '../local/bootstrap';
import { connectToRunningStack, stackStateFile } from '../local/running-stack';
import { packageNameOf, packagePlanProblems, publishEula, publishRelease, type PackageSource, type ReleaseToPublish } from './publish-release';

const usage = `Usage:
  npm run release:publish -- --list otii2 --version 3.6.0 [--date YYYY-MM-DD] [--notes TEXT | --notes-file FILE]
      --package windows/x64=PATH [--package macos/arm64=PATH …] [--title windows/x64=TEXT …]
  npm run release:publish -- --list firmware2 --type Arc --version 1.4.0 [--notes-file FILE] --package PATH
  npm run release:publish -- --list otii2 --version 3.7.0 --notes "Coming in July" --no-download
  npm run release:publish -- --eula EULA.txt --eula-version 2 [--date YYYY-MM-DD]
Options:
  --list          ${RELEASE_LISTS.join(', ')}
  --no-download   list the release and its notes only (downloadAllowed false): no package is uploaded or named,
                  so nothing of it is at /downloads/; with --replace it withdraws a published release (its
                  packages are removed from the downloads bucket). Publish again without it (--replace) to release
  --replace       replace a published release of the same version (packages are never replaced)
  --eula FILE --eula-version V   publish a version of the End User License Agreement (plain text), which the
                  download pages then link and record with each acceptance; a version's text is never replaced
  --data-bucket NAME --downloads-bucket NAME   the stack's buckets (outputs DataBucketName, DownloadsBucketName;
                  or PORTAL_DATA_BUCKET, PORTAL_DOWNLOADS_BUCKET); without them, the running local stack (npm start)
Software packages are os/arch=PATH with os ${SOFTWARE_OS.join(', ')} and arch ${SOFTWARE_ARCH.join(', ')}; the package
name is the file's name.`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    list: { type: 'string' },
    version: { type: 'string' },
    date: { type: 'string' },
    notes: { type: 'string' },
    'notes-file': { type: 'string' },
    type: { type: 'string' },
    package: { type: 'string', multiple: true, default: [] },
    title: { type: 'string', multiple: true, default: [] },
    'no-download': { type: 'boolean', default: false },
    eula: { type: 'string' },
    'eula-version': { type: 'string' },
    replace: { type: 'boolean', default: false },
    'data-bucket': { type: 'string' },
    'downloads-bucket': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

/** What a software package is, from its file's extension, unless --title says. */
function defaultTitle(file: string): string {
  const name = file.toLowerCase();
  if (name.endsWith('.tar.gz')) return 'Archive (.tar.gz)';
  const kinds: Record<string, string> = {
    '.exe': 'Installer (.exe)',
    '.msi': 'Installer (.msi)',
    '.dmg': 'Disk image (.dmg)',
    '.pkg': 'Installer (.pkg)',
    '.deb': 'Package (.deb)',
    '.appimage': 'AppImage',
    '.zip': 'Archive (.zip)',
  };
  return kinds[extname(name)] ?? basename(file);
}

function fileOf(path: string): string {
  if (!existsSync(path)) fail(`No such file: ${path}`);
  return resolve(path);
}

function releaseFromArgs(): ReleaseToPublish & { packages: PackageSource[] } {
  const list = values.list ?? fail('--list is required');
  const version = values.version ?? fail('--version is required');
  const date = values.date ?? new Date().toISOString().slice(0, 10);
  if (values.notes !== undefined && values['notes-file'] !== undefined) fail('Give --notes or --notes-file, not both');
  const notes = values['notes-file'] !== undefined ? readFileSync(fileOf(values['notes-file']), 'utf8').trim() : (values.notes ?? '');
  const downloadAllowed = !values['no-download'];
  if (values.package.length === 0 && downloadAllowed) fail('At least one --package is required (or --no-download)');

  if (isFirmwareList(list)) {
    const type = values.type ?? fail('--type (Ace or Arc) is required for firmware');
    if (!(FIRMWARE_TYPES as readonly string[]).includes(type)) fail(`--type must be ${FIRMWARE_TYPES.join(' or ')}`);
    const release = { type: type as FirmwareType, version, date, notes, downloadAllowed };
    if (!downloadAllowed && values.package.length === 0) return { list, release, packages: [] };
    if (values.package.length !== 1) fail('A firmware release has one --package');
    const file = fileOf(values.package[0]!);
    const name = packageNameOf(file);
    return { list, release: { ...release, package: name }, packages: [{ name, file }] };
  }
  if (!isSoftwareList(list)) fail(`--list must be one of ${RELEASE_LISTS.join(', ')}`);
  const titles = new Map(
    values.title.map((spec) => {
      const at = spec.indexOf('=');
      if (at < 0) fail(`--title ${spec}: expected os/arch=TEXT`);
      return [spec.slice(0, at), spec.slice(at + 1)] as const;
    }),
  );
  const packages: PackageSource[] = [];
  const software: SoftwareEntry[] = values.package.map((spec) => {
    const match = /^([a-z]+)\/([a-z0-9]+)=(.+)$/.exec(spec) ?? fail(`--package ${spec}: expected os/arch=PATH`);
    const [, os, arch, path] = match as unknown as [string, string, string, string];
    if (!(SOFTWARE_OS as readonly string[]).includes(os)) fail(`--package ${spec}: os must be one of ${SOFTWARE_OS.join(', ')}`);
    if (!(SOFTWARE_ARCH as readonly string[]).includes(arch)) fail(`--package ${spec}: arch must be one of ${SOFTWARE_ARCH.join(', ')}`);
    const file = fileOf(path);
    const name = packageNameOf(file);
    packages.push({ name, file });
    return { os: os as SoftwareOs, arch: arch as SoftwareArch, title: titles.get(`${os}/${arch}`) ?? defaultTitle(file), package: name };
  });
  return { list, release: { version, date, notes, downloadAllowed, software }, packages };
}

/**
 * A release that is not downloadable keeps its packages private: none is uploaded or named in
 * versions.json. Its --package options are still checked, so the same command without --no-download
 * (and with --replace) releases it.
 */
function withoutPackages(given: ReturnType<typeof releaseFromArgs>): ReturnType<typeof releaseFromArgs> {
  if (given.release.downloadAllowed) return given;
  if (given.packages.length) console.log(`--no-download: ${given.packages.map((source) => source.name).join(', ')} not uploaded`);
  if ('software' in given.release) return { ...given, release: { ...given.release, software: [] }, packages: [] } as typeof given;
  const { package: _package, ...release } = given.release;
  return { ...given, release, packages: [] } as typeof given;
}

/** The buckets to publish to: given, or the running local stack's (its emulator endpoints from stack.json). */
function targetBuckets(): { dataBucket: string; downloadsBucket: string } {
  const dataBucket = values['data-bucket'] ?? process.env.PORTAL_DATA_BUCKET;
  const downloadsBucket = values['downloads-bucket'] ?? process.env.PORTAL_DOWNLOADS_BUCKET;
  if (dataBucket && downloadsBucket) return { dataBucket, downloadsBucket };
  if (dataBucket || downloadsBucket) fail('Give both --data-bucket and --downloads-bucket');
  // The SDK client of this process talks to the running stack's emulators.
  if (!connectToRunningStack()) fail(`No buckets given and no running local stack (${stackStateFile()} is missing): start it with npm start`);
  return { dataBucket: localNames.bucket('data'), downloadsBucket: localNames.bucket('downloads') };
}

if (values.eula !== undefined) {
  if (values.list !== undefined || values.package.length) fail('Publish a EULA on its own: --eula with --eula-version (and --date), no --list or --package');
  const version = values['eula-version'] ?? fail('--eula-version is required with --eula');
  const text = readFileSync(fileOf(values.eula), 'utf8');
  const buckets = targetBuckets();
  try {
    const versions = await publishEula(
      { s3: new S3Client({ forcePathStyle: true }), ...buckets, log: (line) => console.log(line) },
      { version, date: values.date ?? new Date().toISOString().slice(0, 10), text },
    );
    console.log(`The current EULA is version ${versions.eula[0]?.version}`);
    process.exit(0);
  } catch (error) {
    console.error(`Not published: ${(error as Error).message}`);
    process.exit(1);
  }
}

const asGiven = releaseFromArgs();
// Checked before anything is uploaded: a clash found at the second upload would leave the first behind.
const problems = packagePlanProblems(asGiven.release, asGiven.packages);
if (problems.length) fail(`Nothing was published:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
const release = withoutPackages(asGiven);
const buckets = targetBuckets();
try {
  const versions = await publishRelease(
    { s3: new S3Client({ forcePathStyle: true }), ...buckets, log: (line) => console.log(line) },
    { ...release, replace: values.replace },
  );
  console.log(`${release.list} now lists ${versions[release.list].map((r) => ('type' in r ? `${r.type} ${r.version}` : r.version)).join(', ')}`);
} catch (error) {
  console.error(`Not published: ${(error as Error).message}`);
  process.exit(1);
}
