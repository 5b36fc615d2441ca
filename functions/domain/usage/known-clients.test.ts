import { describe, expect, it } from 'vitest';
import { emptyVersions, type SoftwareRelease } from '../../../shared/downloads/releases';
import { knownOs, knownVersion, releasedVersionsOf } from './known-clients';
import { useTallies } from './usage-figures';

const release = (version: string, downloadAllowed = true): SoftwareRelease => ({ version, date: '2025-01-01', notes: '', downloadAllowed, software: [] });
const versions = { ...emptyVersions(), otii2: [release('3.6.0'), release('3.5.2', false)], otii: [release('2.8.4')] };

describe('the usage figures count only what the release list knows', () => {
  it('take every desktop release of both generations as released, a withdrawn one too', () => {
    expect([...releasedVersionsOf(versions)].sort()).toEqual(['2.8.4', '3.5.2', '3.6.0']);
  });

  it('count a released version as itself and any other as other', () => {
    const released = releasedVersionsOf(versions);
    expect(knownVersion('3.6.0', released)).toBe('3.6.0');
    expect(knownVersion(' 3.5.2 ', released)).toBe('3.5.2');
    expect(['3.6.1', '9.9.9', 'hello', '3.6.0#x', ''].map((version) => knownVersion(version, released))).toEqual(Array(5).fill('other'));
  });

  it('count the OS names of the release list (any case) as themselves and any other as other', () => {
    expect(['windows', 'MacOS', ' ubuntu '].map(knownOs)).toEqual(['windows', 'macos', 'ubuntu']);
    expect(['linux', 'Windows 11', 'beos', '<b>x</b>', 'other', ''].map(knownOs)).toEqual(Array(6).fill('other'));
  });

  it('give 300 uses with invented versions and OS names one version row and one OS row between them', () => {
    const released = releasedVersionsOf(versions);
    const dimensions = new Set(
      Array.from({ length: 300 }, (_, n) => useTallies({ userId: n, version: `1.${n}.0`, os: `os-${n}`, licenseType: 'Pro' }, released))
        .flat()
        .map((tally) => `${tally.counter.name}:${tally.dimension ?? ''}`),
    );
    expect([...dimensions].sort()).toEqual(['usage-os:other', 'usage-types:Pro', 'usage-users:', 'usage-versions:other']);
  });
});
