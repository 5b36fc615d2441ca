import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { recordDownload, USER_DETAIL_DOWNLOADS } from '../../functions/domain/downloads/downloads.repository';
import { mapInBatches } from '../../functions/lib/batches';
import { attemptLimit, takeAttempt } from '../../functions/lib/db/attempt-limit';
import { MAX_DOWNLOAD_RECORDS_PER_DAY, MAX_EULA_ACCEPTANCES_PER_DAY, attemptLimits } from '../../shared/contract/limits';
import { currentEula, eulaPath, packagePath, packagesOf } from '../../shared/downloads/releases';
import { asUnit, callApi, createAdminUser, createConfirmedUser, stackContext } from '../support/api';
import { publishedVersions } from '../support/downloads';
import { withUserId } from '../support/licenses';
import { tempDir } from '../support/temp-dir';

const run = promisify(execFile);

async function download(name: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(`${stackContext().baseUrl}${packagePath(name)}`);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** `npm run release:publish -- …` against the test stack's s3rver, its buckets given as to a stack in AWS. */
function publish(args: string[]) {
  const { localStack } = stackContext();
  const env = Object.fromEntries(Object.entries(localStack.functionEnv).filter(([key]) => key.startsWith('AWS_')));
  return run(
    'node_modules/.bin/tsx',
    ['scripts/release/publish.ts', ...args, '--data-bucket', localStack.resources.buckets.data!, '--downloads-bucket', localStack.resources.buckets.downloads!],
    { env: { ...process.env, ...env } },
  ).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: `${error.stdout}${error.stderr}` }),
  );
}

describe('releases', () => {
  it('are seeded on the local stack: every listed package is served at /downloads/{package}', async () => {
    const list = await publishedVersions();
    expect(list.otii2.length).toBeGreaterThan(0);
    expect(list.firmware2.map((release) => release.type).sort()).toEqual(['Ace', 'Arc']);
    for (const name of packagesOf(list)) {
      const { status, bytes } = await download(name);
      expect(status, name).toBe(200);
      // A real zip archive.
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
    }
  });

  it('are published with one command: the packages are served byte for byte and the release is listed', async () => {
    const dir = tempDir('release-');
    const version = `0.1.${Date.now() % 100_000}`;
    const windows = join(dir, `otii-${version}-setup.exe`);
    const ubuntu = join(dir, `otii-${version}-arm64.AppImage`);
    const notes = join(dir, 'notes.md');
    writeFileSync(windows, Buffer.from([0x4d, 0x5a, 0, 1, 2, 3, 255]));
    writeFileSync(ubuntu, 'appimage bytes');
    writeFileSync(notes, 'First line\n- second line\n');
    const published = await publish([
      '--list', 'otii', '--version', version, '--date', '2025-01-02', '--notes-file', notes,
      '--package', `windows/x64=${windows}`, '--package', `ubuntu/arm64=${ubuntu}`, '--title', 'ubuntu/arm64=AppImage for Arm',
    ]);
    expect(published.code, published.output).toBe(0);

    const release = (await publishedVersions()).otii.find((entry) => entry.version === version);
    expect(release).toEqual({
      version,
      date: '2025-01-02',
      notes: 'First line\n- second line',
      downloadAllowed: true,
      software: [
        { os: 'windows', arch: 'x64', title: 'Installer (.exe)', package: `otii-${version}-setup.exe` },
        { os: 'ubuntu', arch: 'arm64', title: 'AppImage for Arm', package: `otii-${version}-arm64.AppImage` },
      ],
    });
    expect((await download(`otii-${version}-setup.exe`)).bytes).toEqual(Buffer.from([0x4d, 0x5a, 0, 1, 2, 3, 255]));
    expect((await download(`otii-${version}-arm64.AppImage`)).bytes.toString()).toBe('appimage bytes');
    // The seeded releases are still there: the publish added to the list, it did not replace it.
    expect((await publishedVersions()).otii2.length).toBeGreaterThan(0);
  });

  it('refuses to publish a version twice, or other bytes under a published package name, and changes nothing', async () => {
    const dir = tempDir('release-');
    const version = `0.2.${Date.now() % 100_000}`;
    const file = join(dir, `ace-firmware-${version}.zip`);
    writeFileSync(file, 'firmware v1');
    const args = ['--list', 'firmware', '--type', 'Ace', '--version', version, '--package', file];
    expect((await publish(args)).code).toBe(0);
    const before = await publishedVersions();

    const again = await publish(args);
    expect(again.code).toBe(1);
    expect(again.output).toContain('already published');

    writeFileSync(file, 'firmware v2');
    const replaced = await publish([...args, '--replace']);
    expect(replaced.code).toBe(1);
    expect(replaced.output).toContain('another');
    expect(await publishedVersions()).toEqual(before);
    expect((await download(`ace-firmware-${version}.zip`)).bytes.toString()).toBe('firmware v1');
  });

  it('refuses a bad release before uploading anything', async () => {
    const dir = tempDir('release-');
    const file = join(dir, 'otii-bad-linux.zip');
    writeFileSync(file, 'x');
    const answer = await publish(['--list', 'otii2', '--version', 'not a version', '--package', `ubuntu/x64=${file}`]);
    expect(answer.code).toBe(1);
    expect((await download('otii-bad-linux.zip')).status).toBe(404);
    expect((await publish(['--list', 'otii2', '--version', '1.0.0', '--package', `linux/x64=${file}`])).code).toBe(2);
  });

  it('refuses two files of one name, or one os/arch twice, before uploading either', async () => {
    const dir = tempDir('release-');
    const version = `0.3.${Date.now() % 100_000}`;
    const name = `otii-twice-${version}.zip`;
    for (const os of ['win', 'mac']) {
      mkdirSync(join(dir, os));
      writeFileSync(join(dir, os, name), `${os} bytes`);
    }
    const before = await publishedVersions();
    const clash = await publish(['--list', 'otii', '--version', version, '--package', `windows/x64=${join(dir, 'win', name)}`, '--package', `macos/arm64=${join(dir, 'mac', name)}`]);
    expect(clash.code).toBe(2);
    expect(clash.output).toContain(`2 different files are named ${name}`);
    const other = join(dir, `otii-other-${version}.zip`);
    writeFileSync(other, 'other bytes');
    const twice = await publish(['--list', 'otii', '--version', version, '--package', `windows/x64=${join(dir, 'win', name)}`, '--package', `windows/x64=${other}`]);
    expect(twice.code).toBe(2);
    expect(twice.output).toContain('windows/x64 is given twice');
    expect((await download(name)).status).toBe(404);
    expect((await download(`otii-other-${version}.zip`)).status).toBe(404);
    expect(await publishedVersions()).toEqual(before);
  });

  it('keeps a --no-download release private: listed with its notes, no package named or served, until it is released; withdrawn again, its package goes', async () => {
    const dir = tempDir('release-');
    const version = `0.4.${Date.now() % 100_000}`;
    const name = `otii-${version}-announced.zip`;
    const file = join(dir, name);
    writeFileSync(file, 'not yet');
    const args = ['--list', 'otii', '--version', version, '--date', '2025-03-04', '--notes', 'Coming soon', '--package', `windows/x64=${file}`];
    const named = async () => packagesOf(await publishedVersions()).includes(name);
    const listed = async () => (await publishedVersions()).otii.find((entry) => entry.version === version);

    const announced = await publish([...args, '--no-download']);
    expect(announced.code, announced.output).toBe(0);
    expect(await listed()).toEqual({ version, date: '2025-03-04', notes: 'Coming soon', downloadAllowed: false, software: [] });
    expect(await named()).toBe(false);
    expect((await download(name)).status).toBe(404);

    const released = await publish([...args, '--replace']);
    expect(released.code, released.output).toBe(0);
    expect(await listed()).toMatchObject({ downloadAllowed: true, software: [{ os: 'windows', arch: 'x64', package: name }] });
    expect(await named()).toBe(true);
    expect((await download(name)).bytes.toString()).toBe('not yet');

    const withdrawn = await publish([...args, '--no-download', '--replace']);
    expect(withdrawn.code, withdrawn.output).toBe(0);
    expect(await listed()).toMatchObject({ downloadAllowed: false, software: [] });
    expect(await named()).toBe(false);
    expect((await download(name)).status).toBe(404);
  });

  it('serve the EULA from the portal: the seeded text, then a version published with one command, which becomes the current one', async () => {
    const seeded = currentEula(await publishedVersions());
    expect(seeded).toBeDefined();
    const served = await fetch(`${stackContext().baseUrl}${eulaPath(seeded!.version)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await served.text()).toMatch(/^END USER LICENSE AGREEMENT/);

    const dir = tempDir('eula-');
    const file = join(dir, 'EULA.txt');
    const version = `t${Date.now()}`;
    writeFileSync(file, 'Terms of the test.\n');
    const published = await publish(['--eula', file, '--eula-version', version, '--date', '2025-07-01']);
    expect(published.code, published.output).toBe(0);
    expect(currentEula(await publishedVersions())).toEqual({ version, date: '2025-07-01' });
    expect(await (await fetch(`${stackContext().baseUrl}${eulaPath(version)}`)).text()).toBe('Terms of the test.\n');
    // A version's text is never replaced.
    writeFileSync(file, 'Other terms.\n');
    const replaced = await publish(['--eula', file, '--eula-version', version]);
    expect(replaced.code).toBe(1);
    expect(replaced.output).toContain(`EULA ${version} is published with another text`);
    expect(await (await fetch(`${stackContext().baseUrl}${eulaPath(version)}`)).text()).toBe('Terms of the test.\n');
  });

  it('answers 404 for a package that is not there', async () => {
    expect((await download('no-such-package.zip')).status).toBe(404);
  });
});

describe('downloads and the EULA', () => {
  it('records a download for the caller, and the admin sees it in the user detail, newest first', async () => {
    const [admin, customer, other] = await Promise.all([createAdminUser(), createConfirmedUser().then(withUserId), createConfirmedUser().then(withUserId)]);
    const first = await callApi('user', { cmd: 'add_user_download', client_version: '3.6.0', os: 'windows', arch: 'x64' }, customer.accessToken);
    expect(first.status).toBe(200);
    const second = await callApi('user', { cmd: 'add_user_download', client_version: '3.6.0', os: 'macos', arch: 'arm64' }, customer.accessToken);
    const info = await callApi('user', { cmd: 'get_user_information', user_id: customer.id }, admin.accessToken);
    expect(info.status).toBe(200);
    const { userDownloads } = info.body.data as { userDownloads: { id: string; created: string; client_version: string; os: string; arch: string }[] };
    expect(userDownloads).toEqual([
      { ...(second.body.data as object), client_version: '3.6.0', os: 'macos', arch: 'arm64' },
      { ...(first.body.data as object), client_version: '3.6.0', os: 'windows', arch: 'x64' },
    ]);
    expect(Number.isNaN(Date.parse(userDownloads[0]!.created))).toBe(false);

    const others = await callApi('user', { cmd: 'get_user_information', user_id: other.id }, admin.accessToken);
    expect((others.body.data as { userDownloads: unknown[] }).userDownloads).toEqual([]);
  });

  it("shows the newest 100 of a user's downloads in the detail, however many there are", async () => {
    const [admin, customer] = await Promise.all([createAdminUser(), createConfirmedUser().then(withUserId)]);
    const start = Date.parse('2025-01-01T00:00:00.000Z');
    // Ten at a time, as downloads arrive: a hundred transactions at once made the last of them wait past the
    // one-second connection limit of the functions' clients on a busy machine.
    await asUnit({ endpoint: 'user' }, () =>
      mapInBatches(Array.from({ length: USER_DETAIL_DOWNLOADS + 5 }, (_, minute) => minute), 10, (minute) =>
        recordDownload(customer.id, { client_version: `3.6.${minute}`, os: 'windows', arch: 'x64' }, new Date(start + minute * 60_000)),
      ),
    );
    const info = await callApi('user', { cmd: 'get_user_information', user_id: customer.id }, admin.accessToken);
    const shown = (info.body.data as { userDownloads: { client_version: string }[] }).userDownloads;
    expect(shown).toHaveLength(USER_DETAIL_DOWNLOADS);
    expect(shown[0]!.client_version).toBe(`3.6.${USER_DETAIL_DOWNLOADS + 4}`);
    expect(shown.at(-1)!.client_version).toBe('3.6.5');
  });

  it('refuses a download of an unknown OS or architecture, and records nothing', async () => {
    const [admin, customer] = await Promise.all([createAdminUser(), createConfirmedUser().then(withUserId)]);
    const bad = await callApi('user', { cmd: 'add_user_download', client_version: '3.6.0', os: 'beos', arch: 'x64' }, customer.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('os');
    const info = await callApi('user', { cmd: 'get_user_information', user_id: customer.id }, admin.accessToken);
    expect((info.body.data as { userDownloads: unknown[] }).userDownloads).toEqual([]);
  });

  it(`refuses a customer's download records after ${MAX_DOWNLOAD_RECORDS_PER_DAY} and EULA acceptances after ${MAX_EULA_ACCEPTANCES_PER_DAY} in a day, and records nothing more`, async () => {
    const [admin, customer] = await Promise.all([createAdminUser(), createConfirmedUser().then(withUserId)]);
    await asUnit({ endpoint: 'user' }, async () => {
      await Promise.all(Array.from({ length: MAX_DOWNLOAD_RECORDS_PER_DAY }, () => takeAttempt(attemptLimit('recordDownload'), customer.id)));
      await Promise.all(Array.from({ length: MAX_EULA_ACCEPTANCES_PER_DAY }, () => takeAttempt(attemptLimit('acceptEula'), customer.id)));
    });
    const download = await callApi('user', { cmd: 'add_user_download', client_version: '3.6.0', os: 'windows', arch: 'x64' }, customer.accessToken);
    expect(download).toMatchObject({ status: 429, body: { status: 'error', message: attemptLimits.recordDownload.message } });
    const accept = await callApi('user', { cmd: 'accept_eula', client_version: '3.6.0', eula_version: '1' }, customer.accessToken);
    expect(accept).toMatchObject({ status: 429, body: { status: 'error', message: attemptLimits.acceptEula.message } });
    const info = await callApi('user', { cmd: 'get_user_information', user_id: customer.id }, admin.accessToken);
    expect((info.body.data as { userDownloads: unknown[] }).userDownloads).toEqual([]);
    expect((await callApi('user', { cmd: 'get_eula_acceptances' }, customer.accessToken)).body.data).toEqual({ acceptances: [] });
  });

  it('keeps the EULA acceptance per release version and user, with the time of the first acceptance', async () => {
    const [customer, other] = await Promise.all([createConfirmedUser(), createConfirmedUser()]);
    const accepted = await callApi('user', { cmd: 'accept_eula', client_version: '3.6.0' }, customer.accessToken);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const again = await callApi('user', { cmd: 'accept_eula', client_version: '3.6.0' }, customer.accessToken);
    expect(again.body.data).toEqual(accepted.body.data);
    await callApi('user', { cmd: 'accept_eula', client_version: '3.5.2' }, customer.accessToken);

    const mine = await callApi('user', { cmd: 'get_eula_acceptances' }, customer.accessToken);
    const versionsAccepted = (mine.body.data as { acceptances: { client_version: string }[] }).acceptances.map((a) => a.client_version).sort();
    expect(versionsAccepted).toEqual(['3.5.2', '3.6.0']);
    const theirs = await callApi('user', { cmd: 'get_eula_acceptances' }, other.accessToken);
    expect(theirs.body.data).toEqual({ acceptances: [] });
  });

  it('records the EULA version with each acceptance and download: a new EULA text is accepted beside the earlier one', async () => {
    const [admin, customer] = await Promise.all([createAdminUser(), createConfirmedUser().then(withUserId)]);
    const first = await callApi('user', { cmd: 'accept_eula', client_version: '3.6.0', eula_version: '1' }, customer.accessToken);
    expect(first.body.data).toMatchObject({ client_version: '3.6.0', eula_version: '1' });
    const again = await callApi('user', { cmd: 'accept_eula', client_version: '3.6.0', eula_version: '1' }, customer.accessToken);
    expect(again.body.data).toEqual(first.body.data);
    await callApi('user', { cmd: 'accept_eula', client_version: '3.6.0', eula_version: '2' }, customer.accessToken);
    const mine = await callApi('user', { cmd: 'get_eula_acceptances' }, customer.accessToken);
    const accepted = (mine.body.data as { acceptances: { client_version: string; eula_version?: string }[] }).acceptances;
    expect(accepted.map((a) => `${a.client_version}/${a.eula_version}`).sort()).toEqual(['3.6.0/1', '3.6.0/2']);

    await callApi('user', { cmd: 'add_user_download', client_version: '3.6.0', os: 'windows', arch: 'x64', eula_version: '2' }, customer.accessToken);
    const info = await callApi('user', { cmd: 'get_user_information', user_id: customer.id }, admin.accessToken);
    expect((info.body.data as { userDownloads: unknown[] }).userDownloads).toEqual([expect.objectContaining({ client_version: '3.6.0', eula_version: '2' })]);

    // A EULA version that is not one path segment is refused, and nothing is recorded.
    for (const cmd of [
      { cmd: 'accept_eula', client_version: '3.6.0', eula_version: '../2' },
      { cmd: 'add_user_download', client_version: '3.6.0', os: 'windows', arch: 'x64', eula_version: '' },
    ]) {
      const refused = await callApi('user', cmd, customer.accessToken);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('eula_version');
    }
    const after = await callApi('user', { cmd: 'get_eula_acceptances' }, customer.accessToken);
    expect((after.body.data as { acceptances: unknown[] }).acceptances).toHaveLength(2);
  });
});
