import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/licenses/seat';
import { activateOfflineLease, makeOfflineRequest, newMachineKey, offlineReturnCode } from '../../scripts/client/offline';
import { readKeysFile } from '../../scripts/client/trusted-keys';
import { createConfirmedUser, stackContext } from '../support/api';
import { expectAccessibleInBothSchemes, expectNoAxeViolations } from '../support/axe';
import { openSignedIn, uniqueSuffix, useBrowser } from '../support/browser';
import { storeLicense, storedLicense, withUserId } from '../support/licenses';
import { tablesScrollingSideways, unreachableOnAPhone, valuesBrokenInside } from '../support/screens';

/**
 * The offline seat in a browser, with a real machine's texts (the reference client's functions, which
 * reach no network): the owner of a free license brings the machine's request to Licenses → Offline
 * activation, issues the lease file and downloads it, the machine takes it (checked with the keys it
 * trusts), and the machine's return code entered on the same screen frees the seat. Each rule of the
 * screen is web/test/screens/offline-seats.test.tsx; the portal's refusals are
 * test/integration/offline-seats.test.ts.
 */
const browser = useBrowser();
const { localStack } = stackContext();

const notice = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true }).first().waitFor();

describe('offline seats', () => {
  it('a machine without network gets its lease file from the portal and gives its seat back with its return code', { timeout: 120_000 }, async () => {
    const owner = await createConfirmedUser().then(withUserId);
    const license = await storeLicense(owner.id, { license_type_id: 'Battery' });
    const machine: Machine = { fingerprint: `fp-bench-${uniqueSuffix()}`, hostname: `bench-${uniqueSuffix()}.lab`, client_version: '3.1.0', os: 'linux' };
    const key = newMachineKey();
    const requested = makeOfflineRequest({}, license.id, machine, key);
    const name = `license ${license.id} from ${machine.hostname}`;

    // The owner opens Offline activation from the Licenses header and pastes the machine's request.
    const page = await openSignedIn(browser, owner.username, owner.password, '/licenses');
    await page.getByRole('article', { name: `License ${license.id}`, exact: true }).waitFor();
    await page.getByRole('link', { name: 'Offline activation', exact: true }).click();
    await page.getByRole('heading', { name: 'Offline activation', level: 2 }).waitFor();
    await page.getByRole('textbox', { name: 'Request text', exact: true }).fill(requested.text);
    await page.getByRole('button', { name: 'Bring request', exact: true }).click();
    await notice(page, `Request for ${name} received: issue its lease file below`);
    const row = page.getByRole('table', { name: 'Your offline requests', exact: true }).locator('tbody tr').filter({ hasText: machine.hostname });
    await row.getByText('Waiting for its lease', { exact: true }).waitFor();
    await expectNoAxeViolations(page, '/offlineactivation with a request waiting');

    // Issuing the lease file offers its download at once: the file is the signed lease, which the machine takes.
    await row.getByRole('button', { name: `Issue lease file for ${name}`, exact: true }).click();
    await notice(page, `Lease file for ${name} issued`);
    const ready = page.getByRole('status').filter({ hasText: `Lease file for ${name} ready` });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      ready.getByRole('link', { name: `Download lease file for ${name}`, exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`lease-${license.id}-${machine.hostname}.json`);
    const leaseFile: unknown = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(leaseFile).toEqual({ token: expect.any(String), signature: expect.any(String) });
    const activated = activateOfflineLease(requested.state, leaseFile, readKeysFile(localStack.licenseKeysFile), machine);
    expect(activated.reservation).toMatchObject({ license_id: license.id, kind: 'offline', fingerprint: machine.fingerprint });
    await row.getByText('Lease file issued', { exact: true }).waitFor();
    await expectAccessibleInBothSchemes(page, '/offlineactivation with a lease file issued');
    // The list fits a laptop without breaking a date, and keeps its row's actions in reach on a phone.
    expect([...(await tablesScrollingSideways(page)), ...(await valuesBrokenInside(page))]).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => unreachableOnAPhone(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });

    // The seat is the machine's, as Licenses shows it.
    const card = page.getByRole('article', { name: `License ${license.id}`, exact: true });
    await page.getByRole('link', { name: 'Back to licenses' }).click();
    await card.getByText(machine.hostname, { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Offline activation', exact: true }).click();

    // The machine ends its lease and prints its return code: entered under Offline return, it frees the seat.
    const returned = offlineReturnCode(activated.state, machine, key);
    await page.getByRole('textbox', { name: 'Return code', exact: true }).fill(returned.text);
    await page.getByRole('button', { name: 'Free the seat', exact: true }).click();
    await notice(page, `The seat of license ${license.id} is free`);
    expect((await storedLicense(license.id))?.reserved_to ?? null).toBeNull();
    await page.getByRole('link', { name: 'Back to licenses' }).click();
    await card.waitFor();
    await expect.poll(() => card.getByText(machine.hostname, { exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Offline activation', exact: true }).click();

    // The same code again is refused, as the portal words it.
    await page.getByRole('textbox', { name: 'Return code', exact: true }).fill(returned.text);
    await page.getByRole('button', { name: 'Free the seat', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'This return code is for a lease that no longer holds the seat' }).waitFor();
  });
});
