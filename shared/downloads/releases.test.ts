import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  firmwareReleases,
  packagesOf,
  readableVersions,
  ReleaseExistsError,
  selectRelease,
  softwareLabel,
  softwareReleases,
  sortSoftware,
  versionsSchema,
  withRelease,
  type FirmwareRelease,
  type SoftwareRelease,
} from './releases';

const software = (version: string): SoftwareRelease => ({
  version,
  date: '2025-01-01',
  notes: `Release ${version}`,
  downloadAllowed: true,
  software: [{ os: 'windows', arch: 'x64', title: 'Installer', package: `app-${version}.exe` }],
});
const firmware = (type: 'Ace' | 'Arc', version: string): FirmwareRelease => ({
  type,
  version,
  date: '2025-01-01',
  notes: '',
  downloadAllowed: true,
  package: `${type.toLowerCase()}-${version}.zip`,
});

describe('the release list format', () => {
  it('reads an absent list as empty', () => {
    expect(versionsSchema.parse({ otii2: [software('3.0.0')] })).toEqual({ otii: [], otii2: [software('3.0.0')], firmware: [], firmware2: [], eula: [] });
  });

  it('refuses a package name with a path in it, an unknown OS and a firmware type other than Ace or Arc', () => {
    const bad = (entry: Partial<SoftwareRelease['software'][number]>) =>
      versionsSchema.safeParse({ otii: [{ ...software('1.0.0'), software: [{ ...software('1.0.0').software[0], ...entry }] }] }).success;
    expect(bad({ package: '../versions.json' })).toBe(false);
    expect(bad({ package: 'a/b.zip' })).toBe(false);
    expect(bad({ os: 'linux' as never })).toBe(false);
    expect(versionsSchema.safeParse({ firmware: [{ ...firmware('Arc', '1.0.0'), type: 'Otii' }] }).success).toBe(false);
  });

  it('names packages for a downloadable release only', () => {
    const { package: _package, ...announced } = { ...firmware('Arc', '1.0.0'), downloadAllowed: false };
    expect(versionsSchema.safeParse({ firmware: [announced], otii: [{ ...software('1.0.0'), downloadAllowed: false, software: [] }] }).success).toBe(true);
    expect(versionsSchema.safeParse({ firmware: [{ ...firmware('Arc', '1.0.0'), downloadAllowed: false }] }).success).toBe(false);
    expect(versionsSchema.safeParse({ otii: [{ ...software('1.0.0'), downloadAllowed: false }] }).success).toBe(false);
    expect(versionsSchema.safeParse({ firmware: [{ ...announced, downloadAllowed: true }] }).success).toBe(false);
    expect(packagesOf(versionsSchema.parse({ firmware: [announced] }))).toEqual([]);
  });
});

describe('reading a release list with a malformed entry', () => {
  it('leaves out only that entry, saying which and why, and keeps every other', () => {
    const lines: string[] = [];
    const versions = readableVersions(
      {
        otii2: [software('3.1.0'), { ...software('3.0.0'), version: 'three' }, software('2.9.0')],
        firmware2: 'not a list',
        eula: [{ version: '2', date: '2025-06-01' }, { version: '../1', date: '2025-01-01' }],
      },
      (line) => lines.push(line),
    );
    expect(versions?.otii2.map((release) => release.version)).toEqual(['3.1.0', '2.9.0']);
    expect(versions?.firmware2).toEqual([]);
    expect(versions?.eula).toEqual([{ version: '2', date: '2025-06-01' }]);
    expect(lines).toEqual([
      'versions.json: otii2[1] left out (version: Invalid version)',
      'versions.json: firmware2 is not a list: left out',
      'versions.json: eula[1] left out (version: Invalid EULA version)',
    ]);
  });

  it('refuses only a body that is not an object', () => {
    for (const body of [null, [], 'x', 3]) expect(readableVersions(body, () => undefined)).toBeUndefined();
    expect(readableVersions({}, () => undefined)).toEqual({ otii: [], otii2: [], firmware: [], firmware2: [], eula: [] });
  });
});

describe('release rules', () => {
  it('labels each OS as the download page names it', () => {
    expect(softwareLabel('ubuntu', 'x64')).toBe('Ubuntu (Intel)');
    expect(softwareLabel('ubuntu', 'arm64')).toBe('Ubuntu (Arm)');
    expect(softwareLabel('windows', 'x64')).toBe('Windows');
    expect(softwareLabel('macos', 'arm64')).toBe('macOS (Apple silicon)');
    expect(softwareLabel('macos', 'x64')).toBe('macOS (Intel)');
  });

  it('lists packages Windows, then macOS with Apple silicon first, then Ubuntu', () => {
    const entry = (os: 'windows' | 'macos' | 'ubuntu', arch: 'x64' | 'arm64') => ({ os, arch, title: '', package: `${os}-${arch}` });
    const sorted = sortSoftware([entry('ubuntu', 'arm64'), entry('macos', 'x64'), entry('ubuntu', 'x64'), entry('macos', 'arm64'), entry('windows', 'x64')]);
    expect(sorted.map((e) => e.package)).toEqual(['windows-x64', 'macos-arm64', 'macos-x64', 'ubuntu-x64', 'ubuntu-arm64']);
  });

  it('orders versions by their numbers, a pre-release before its release', () => {
    expect(compareVersions('3.10.0', '3.9.2')).toBeGreaterThan(0);
    expect(compareVersions('3.6.0-beta.1', '3.6.0')).toBeLessThan(0);
    expect(compareVersions('3.6', '3.6.0')).toBe(0);
  });

  it('puts a published release in its place, newest first, and refuses the same version twice unless replacing', () => {
    const list = [software('3.2.0'), software('3.0.0')];
    expect(withRelease(list, software('3.1.0')).map((r) => r.version)).toEqual(['3.2.0', '3.1.0', '3.0.0']);
    expect(withRelease(list, software('4.0.0')).map((r) => r.version)).toEqual(['4.0.0', '3.2.0', '3.0.0']);
    expect(() => withRelease(list, software('3.0.0'))).toThrow(ReleaseExistsError);
    const replaced = withRelease(list, { ...software('3.0.0'), notes: 'fixed' }, { replace: true });
    expect(replaced.map((r) => r.notes)).toEqual(['Release 3.2.0', 'fixed']);
  });

  it('tells firmware releases of the same version apart by type', () => {
    expect(withRelease([firmware('Arc', '1.0.0')], firmware('Ace', '1.0.0'))).toHaveLength(2);
  });

  it('selects the release the query names, else the first of the current generation', () => {
    const versions = versionsSchema.parse({ otii: [software('2.8.0')], otii2: [software('3.1.0'), software('3.0.0')] });
    const releases = softwareReleases(versions);
    expect(releases.map((r) => r.version)).toEqual(['3.1.0', '3.0.0', '2.8.0']);
    expect(selectRelease(releases, '2.8.0')?.version).toBe('2.8.0');
    expect(selectRelease(releases, null)?.version).toBe('3.1.0');
    expect(selectRelease(releases, '9.9.9')?.version).toBe('3.1.0');
    expect(selectRelease([], null)).toBeUndefined();
  });

  it('groups firmware by type and names every package', () => {
    const versions = versionsSchema.parse({
      otii2: [software('3.1.0')],
      firmware: [firmware('Arc', '1.0.0')],
      firmware2: [firmware('Arc', '2.0.0'), firmware('Ace', '2.0.0')],
    });
    expect(firmwareReleases(versions, 'Arc').map((r) => r.version)).toEqual(['2.0.0', '1.0.0']);
    expect(firmwareReleases(versions, 'Ace').map((r) => r.version)).toEqual(['2.0.0']);
    expect(packagesOf(versions)).toEqual(['app-3.1.0.exe', 'arc-2.0.0.zip', 'ace-2.0.0.zip', 'arc-1.0.0.zip']);
  });
});
