import { createHash } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import type { FirmwareRelease, SoftwareRelease, Versions } from '../../shared/downloads/releases';
import { EulaExistsError, PackageConflictError, packagePlanProblems, publishEula, publishRelease, updateVersions, VersionsContentionError, type PublishTarget } from './publish-release';

/** An S3 that keeps objects in memory and honours If-Match and If-None-Match on writes, as S3 does. */
function memoryS3(beforeWrite?: (key: string) => void) {
  const objects = new Map<string, { body: Uint8Array; etag: string }>();
  const failure = (name: string, status: number) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
  const send = async (command: unknown) => {
    if (command instanceof GetObjectCommand || command instanceof HeadObjectCommand) {
      const object = objects.get(`${command.input.Bucket}/${command.input.Key}`);
      if (!object) throw failure(command instanceof GetObjectCommand ? 'NoSuchKey' : 'NotFound', 404);
      return { ETag: object.etag, Body: { transformToString: async () => Buffer.from(object.body).toString('utf8') } };
    }
    if (command instanceof PutObjectCommand) {
      const key = `${command.input.Bucket}/${command.input.Key}`;
      beforeWrite?.(key);
      const existing = objects.get(key);
      if (command.input.IfNoneMatch === '*' && existing) throw failure('PreconditionFailed', 412);
      if (command.input.IfMatch !== undefined && existing?.etag !== command.input.IfMatch) throw failure('PreconditionFailed', 412);
      const body = typeof command.input.Body === 'string' ? Buffer.from(command.input.Body) : (command.input.Body as Uint8Array);
      objects.set(key, { body, etag: `"${createHash('md5').update(body).digest('hex')}"` });
      return {};
    }
    if (command instanceof DeleteObjectCommand) {
      objects.delete(`${command.input.Bucket}/${command.input.Key}`);
      return {};
    }
    throw new Error('unexpected command');
  };
  return { s3: { send } as unknown as S3Client, objects };
}

const release = (version: string, pkg = `app-${version}.exe`): SoftwareRelease => ({
  version,
  date: '2025-05-01',
  notes: '',
  downloadAllowed: true,
  software: [{ os: 'windows', arch: 'x64', title: 'Installer (.exe)', package: pkg }],
});
const target = (s3: S3Client): PublishTarget => ({ s3, dataBucket: 'data', downloadsBucket: 'downloads' });
const noPause = { pause: async () => {} };
const listed = (objects: Map<string, { body: Uint8Array }>): Versions => JSON.parse(Buffer.from(objects.get('data/versions.json')!.body).toString());

describe('publishing a release', () => {
  it('uploads the packages, then lists the release in versions.json', async () => {
    const { s3, objects } = memoryS3();
    await publishRelease(target(s3), { list: 'otii2', release: release('3.0.0'), packages: [{ name: 'app-3.0.0.exe', file: Buffer.from('bytes') }] });
    expect(Buffer.from(objects.get('downloads/app-3.0.0.exe')!.body).toString()).toBe('bytes');
    expect(listed(objects).otii2.map((r) => r.version)).toEqual(['3.0.0']);
  });

  it('keeps a release another operator published between its read and its write', async () => {
    let raced = false;
    const { s3, objects } = memoryS3((key) => {
      // Just before our first write of versions.json, someone else's publish lands.
      if (key === 'data/versions.json' && !raced && objects.has(key)) {
        raced = true;
        const other = listed(objects);
        other.otii2 = [release('3.1.0'), ...other.otii2];
        objects.set(key, { body: Buffer.from(JSON.stringify(other)), etag: '"other"' });
      }
    });
    await updateVersions(target(s3), (v) => ({ ...v, otii2: [release('3.0.0')] }), noPause);
    await updateVersions(target(s3), (v) => ({ ...v, otii2: [...v.otii2, release('2.9.0')] }), noPause);
    expect(raced).toBe(true);
    expect(listed(objects).otii2.map((r) => r.version)).toEqual(['3.1.0', '3.0.0', '2.9.0']);
  });

  it('gives up when versions.json changes under every attempt', async () => {
    const { s3, objects } = memoryS3((key) => {
      if (key === 'data/versions.json' && objects.has(key)) objects.set(key, { ...objects.get(key)!, etag: `"${Math.random()}"` });
    });
    await updateVersions(target(s3), (v) => v, noPause);
    await expect(updateVersions(target(s3), (v) => v, { ...noPause, attempts: 3 })).rejects.toThrow(VersionsContentionError);
  });

  it('re-runs without uploading twice, and never replaces a published package with other bytes', async () => {
    const { s3 } = memoryS3();
    const publish = (bytes: string, replace = false) =>
      publishRelease(target(s3), { list: 'otii2', release: release('3.0.0'), packages: [{ name: 'app-3.0.0.exe', file: Buffer.from(bytes) }], replace });
    await publish('bytes');
    await expect(publish('bytes')).rejects.toThrow(/already published/);
    await expect(publish('bytes', true)).resolves.toBeDefined();
    await expect(publish('other bytes', true)).rejects.toThrow(PackageConflictError);
  });

  it('refuses two files of one package name, or one os/arch twice, before uploading anything', async () => {
    const { s3, objects } = memoryS3();
    const twoOs: SoftwareRelease = {
      ...release('3.0.0', 'otii.zip'),
      software: [
        { os: 'windows', arch: 'x64', title: 'Archive (.zip)', package: 'otii.zip' },
        { os: 'macos', arch: 'arm64', title: 'Archive (.zip)', package: 'otii.zip' },
      ],
    };
    const sameName = [{ name: 'otii.zip', file: '/dist/win/otii.zip' }, { name: 'otii.zip', file: '/dist/mac/otii.zip' }];
    expect(packagePlanProblems(twoOs, sameName)).toEqual([
      '2 different files are named otii.zip (/dist/win/otii.zip, /dist/mac/otii.zip): a package is named by its file, so rename them',
    ]);
    await expect(publishRelease(target(s3), { list: 'otii2', release: twoOs, packages: sameName })).rejects.toThrow(/different files are named otii\.zip/);
    const bytes = [{ name: 'otii.zip', file: Buffer.from('windows') }, { name: 'otii.zip', file: Buffer.from('mac') }];
    await expect(publishRelease(target(s3), { list: 'otii2', release: twoOs, packages: bytes })).rejects.toThrow(/different files/);

    const twice: SoftwareRelease = {
      ...release('3.0.0'),
      software: [
        { os: 'windows', arch: 'x64', title: 'Installer (.exe)', package: 'a.exe' },
        { os: 'windows', arch: 'x64', title: 'Installer (.msi)', package: 'b.msi' },
      ],
    };
    const packages = [{ name: 'a.exe', file: Buffer.from('a') }, { name: 'b.msi', file: Buffer.from('b') }];
    expect(packagePlanProblems(twice, packages)).toEqual(['windows/x64 is given twice: give one package for each OS and architecture']);
    await expect(publishRelease(target(s3), { list: 'otii2', release: twice, packages })).rejects.toThrow(/windows\/x64 is given twice/);
    expect(objects.size).toBe(0);
  });

  it('publishes one file given for two os/arch pairs as one package', async () => {
    const { s3, objects } = memoryS3();
    const universal: SoftwareRelease = {
      ...release('3.0.0'),
      software: [
        { os: 'macos', arch: 'arm64', title: 'Disk image (.dmg)', package: 'otii.dmg' },
        { os: 'macos', arch: 'x64', title: 'Disk image (.dmg)', package: 'otii.dmg' },
      ],
    };
    const packages = [{ name: 'otii.dmg', file: Buffer.from('universal') }, { name: 'otii.dmg', file: Buffer.from('universal') }];
    expect(packagePlanProblems(universal, packages)).toEqual([]);
    await publishRelease(target(s3), { list: 'otii2', release: universal, packages });
    expect([...objects.keys()].sort()).toEqual(['data/versions.json', 'downloads/otii.dmg']);
  });

  it('refuses a release whose package has no file', async () => {
    const { s3, objects } = memoryS3();
    await expect(publishRelease(target(s3), { list: 'otii2', release: release('3.0.0'), packages: [] })).rejects.toThrow(/No file given/);
    expect(objects.size).toBe(0);
  });
});

describe('a release that is not downloadable', () => {
  const hidden = (version: string): SoftwareRelease => ({ ...release(version), downloadAllowed: false, software: [] });
  const keys = (objects: Map<string, unknown>) => [...objects.keys()].sort();

  it('is listed with its notes but uploads and names no package, until it is published downloadable', async () => {
    const { s3, objects } = memoryS3();
    await publishRelease(target(s3), { list: 'otii2', release: hidden('3.0.0'), packages: [] });
    expect(keys(objects)).toEqual(['data/versions.json']);
    expect(listed(objects).otii2).toEqual([hidden('3.0.0')]);
    await expect(publishRelease(target(s3), { list: 'otii2', release: hidden('3.0.1'), packages: [{ name: 'app-3.0.1.exe', file: Buffer.from('b') }] })).rejects.toThrow(
      /not a package of the release/,
    );

    await publishRelease(target(s3), { list: 'otii2', release: release('3.0.0'), packages: [{ name: 'app-3.0.0.exe', file: Buffer.from('bytes') }], replace: true });
    expect(keys(objects)).toEqual(['data/versions.json', 'downloads/app-3.0.0.exe']);
    expect(listed(objects).otii2).toEqual([release('3.0.0')]);
  });

  it('withdraws a published release: versions.json stops naming its packages, and they leave the downloads bucket', async () => {
    const { s3, objects } = memoryS3();
    const arc = (downloadAllowed: boolean): FirmwareRelease => ({ type: 'Arc', version: '1.0.0', date: '2025-05-01', notes: '', downloadAllowed, ...(downloadAllowed ? { package: 'arc-1.0.0.zip' } : {}) });
    await publishRelease(target(s3), { list: 'firmware2', release: arc(true), packages: [{ name: 'arc-1.0.0.zip', file: Buffer.from('fw') }] });
    // A package another release still names stays.
    await publishRelease(target(s3), { list: 'otii2', release: release('3.0.0', 'shared.zip'), packages: [{ name: 'shared.zip', file: Buffer.from('s') }] });
    await publishRelease(target(s3), { list: 'otii', release: release('2.0.0', 'shared.zip'), packages: [{ name: 'shared.zip', file: Buffer.from('s') }] });

    await publishRelease(target(s3), { list: 'firmware2', release: arc(false), packages: [], replace: true });
    await publishRelease(target(s3), { list: 'otii', release: hidden('2.0.0'), packages: [], replace: true });
    expect(keys(objects)).toEqual(['data/versions.json', 'downloads/shared.zip']);
    expect(listed(objects).firmware2).toEqual([arc(false)]);
  });
});

describe('publishing a version of the EULA', () => {
  it('stores its text beside versions.json and lists it first, the current one; a re-run changes nothing', async () => {
    const { s3, objects } = memoryS3();
    await publishRelease(target(s3), { list: 'otii2', release: release('3.0.0'), packages: [{ name: 'app-3.0.0.exe', file: Buffer.from('bytes') }] });
    await publishEula(target(s3), { version: '1', date: '2025-01-01', text: 'First terms.' });
    await publishEula(target(s3), { version: '2', date: '2025-06-01', text: 'Second terms.\n' });
    await publishEula(target(s3), { version: '2', date: '2025-06-01', text: 'Second terms.' });
    expect(listed(objects).eula).toEqual([
      { version: '2', date: '2025-06-01' },
      { version: '1', date: '2025-01-01' },
    ]);
    expect(Buffer.from(objects.get('data/eula/2.txt')!.body).toString()).toBe('Second terms.\n');
    // The releases stay as they were.
    expect(listed(objects).otii2.map((r) => r.version)).toEqual(['3.0.0']);
  });

  it('never replaces the text of a published version, and refuses an empty text or a version that is not a path segment', async () => {
    const { s3, objects } = memoryS3();
    await publishEula(target(s3), { version: '1', date: '2025-01-01', text: 'First terms.' });
    await expect(publishEula(target(s3), { version: '1', date: '2025-01-01', text: 'Other terms.' })).rejects.toThrow(EulaExistsError);
    await expect(publishEula(target(s3), { version: '3', date: '2025-01-01', text: '  ' })).rejects.toThrow(/empty/);
    await expect(publishEula(target(s3), { version: '../x', date: '2025-01-01', text: 'Terms.' })).rejects.toThrow(/Invalid EULA version/);
    expect(Buffer.from(objects.get('data/eula/1.txt')!.body).toString()).toBe('First terms.\n');
    expect(listed(objects).eula).toEqual([{ version: '1', date: '2025-01-01' }]);
  });
});
