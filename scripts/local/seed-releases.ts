import type { S3Client } from '@aws-sdk/client-s3';
import { strToU8, zipSync } from 'fflate';
import { packagesOfRelease, type FirmwareRelease, type SoftwareEntry, type SoftwareRelease } from '../../shared/downloads/releases';
import { publishEula, publishRelease, readVersions, type PackageSource, type PublishTarget } from '../release/publish-release';

/**
 * A zip archive holding one text file, stored (not compressed): a small real package that any unzip
 * tool opens, so the local download links give a file worth the name. Its file time is fixed, so a
 * second seed makes the same bytes (a published package name never takes other bytes).
 */
const zipOf = (fileName: string, text: string): Uint8Array =>
  zipSync({ [fileName]: [strToU8(text), { level: 0, mtime: new Date(2025, 0, 1) }] });

const sample = (packageName: string): PackageSource => ({
  name: packageName,
  file: zipOf('README.txt', `${packageName}\n\nA sample package of the local stack: the real one is published with npm run release:publish.\n`),
});

const software = (version: string, targets: [SoftwareEntry['os'], SoftwareEntry['arch']][]): SoftwareEntry[] =>
  targets.map(([os, arch]) => ({ os, arch, title: 'Archive (.zip)', package: `otii-${version}-${os}-${arch}.zip` }));

const allTargets: [SoftwareEntry['os'], SoftwareEntry['arch']][] = [
  ['windows', 'x64'],
  ['macos', 'arm64'],
  ['macos', 'x64'],
  ['ubuntu', 'x64'],
  ['ubuntu', 'arm64'],
];

const softwareSeed: { list: 'otii' | 'otii2'; release: SoftwareRelease }[] = [
  {
    list: 'otii',
    release: {
      version: '2.8.4',
      date: '2024-03-12',
      notes: 'The last release of the previous generation.\n- Fixes the battery profile export on Windows.',
      downloadAllowed: true,
      software: software('2.8.4', [['windows', 'x64'], ['macos', 'x64'], ['ubuntu', 'x64']]),
    },
  },
  {
    list: 'otii2',
    release: {
      version: '3.5.2',
      date: '2025-02-04',
      notes: '- Faster recording export.\n- Fixes a crash when a unit is unplugged during calibration.',
      downloadAllowed: true,
      software: software('3.5.2', allTargets),
    },
  },
  {
    list: 'otii2',
    release: {
      version: '3.6.0',
      date: '2025-06-17',
      notes: 'New in 3.6.0:\n- Battery validation with up to 8 channels.\n- Scripting API: record to file.\n- Ubuntu on Arm.',
      downloadAllowed: true,
      software: software('3.6.0', allTargets),
    },
  },
];

const firmwareSeed: { list: 'firmware' | 'firmware2'; release: FirmwareRelease }[] = [
  { list: 'firmware', release: { type: 'Arc', version: '1.1.7', date: '2024-01-22', notes: 'For Otii 2.x.', downloadAllowed: true, package: 'arc-firmware-1.1.7.zip' } },
  { list: 'firmware2', release: { type: 'Arc', version: '1.4.0', date: '2025-05-30', notes: '- Lower noise on the 5 mA range.\n- Faster start-up.', downloadAllowed: true, package: 'arc-firmware-1.4.0.zip' } },
  { list: 'firmware2', release: { type: 'Ace', version: '2.1.0', date: '2025-06-02', notes: '- 4 MSPS sampling.\n- Supports battery validation with 8 channels.', downloadAllowed: true, package: 'ace-firmware-2.1.0.zip' } },
];

/** The local stack's sample EULA: a real text would be published with npm run release:publish -- --eula. */
const sampleEula = {
  version: '1',
  date: '2024-01-01',
  text: [
    'END USER LICENSE AGREEMENT (sample of the local stack)',
    '',
    '1. The software is licensed, not sold, to the person or company that accepts this agreement.',
    '2. It may be installed on the computers its license allows, and used as its documentation describes.',
    '3. It is provided as is, without warranty of any kind.',
  ].join('\n'),
};

/**
 * Publishes sample releases, through the publish script's own code, into a local stack that has no
 * release list yet (a list that exists, the operator's, is left alone), and a sample EULA into one that
 * has no EULA yet (a data folder from before EULAs were published gets one too).
 */
export async function seedReleases(s3: S3Client, buckets: { data: string; downloads: string }): Promise<void> {
  const target: PublishTarget = { s3, dataBucket: buckets.data, downloadsBucket: buckets.downloads };
  const { versions, etag } = await readVersions(target);
  if (versions.eula.length === 0) await publishEula(target, sampleEula);
  if (etag !== undefined) return;
  for (const { list, release } of softwareSeed) {
    await publishRelease(target, { list, release, packages: release.software.map((entry) => sample(entry.package)) });
  }
  for (const { list, release } of firmwareSeed) {
    await publishRelease(target, { list, release, packages: packagesOfRelease(release).map(sample) });
  }
}
