import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAdminUser, createConfirmedUser } from '../support/api';
import { answerConfirmation, mailsTo, openSignedIn, useBrowser } from '../support/browser';
import { withUserId } from '../support/licenses';
import { newDevice, productCall, storeDevices } from '../support/products';

/**
 * My products, Registered products and Produced hardware, one real path for a customer and one for an
 * admin. The forms' rules and confirmations are component tests (web/test/screens/products, my-products);
 * the server's rules test/integration/products. The admin lists hold every unit of the stack, so each test
 * searches for its own fresh units.
 */
const browser = useBrowser();

const newAdmin = () => createAdminUser().then(withUserId);
const newCustomer = () => createConfirmedUser().then(withUserId);
type User = Awaited<ReturnType<typeof newCustomer>> & { totpSecret?: string };
const openAs = (user: User, path: string, options: Parameters<typeof openSignedIn>[4] = {}) =>
  openSignedIn(browser, user.username, user.password, path, { totpSecret: user.totpSecret, ...options });

/** A fresh unit registered to `owner` over the wire, as the desktop app registers it. */
async function registeredUnit(owner: User, fields = {}) {
  const device = newDevice(fields);
  await storeDevices(device);
  const answer = await productCall(owner.accessToken, 'register_product', { uid: device.uid });
  return { device, product: answer.body.data as { id: number; uid: string } };
}

const notice = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true }).waitFor();
const rowOf = (page: Page, table: string, text: string) => page.getByRole('table', { name: table, exact: true }).locator('tbody tr').filter({ hasText: text });

describe('my products', () => {
  it('requests a calibration certificate with the required address fields, which support gets by mail, and moves a unit to a colleague', async () => {
    const [owner, colleague] = await Promise.all([newCustomer(), newCustomer()]);
    const { device } = await registeredUnit(owner, { hardware_version: '1.7' });
    const page = await openAs(owner, '/myproducts');
    const row = rowOf(page, 'My products', device.uid);
    await expect.poll(() => row.innerText()).toContain('1.7');

    await row.getByRole('button', { name: 'Request calibration certificate' }).click();
    const dialog = page.getByRole('dialog');
    const request = dialog.getByRole('button', { name: 'Request' });
    await dialog.getByLabel('Address 1').fill('Storgatan 1');
    await dialog.getByLabel('Zip/postal code').fill('211 34');
    await dialog.getByLabel('City').fill('Malmö');
    expect(await request.isDisabled()).toBe(true);
    await dialog.getByLabel('Country').fill('Sweden');
    await request.click();
    await notice(page, 'Calibration certificate requested');
    await dialog.waitFor({ state: 'detached' });
    const mails = await mailsTo(page, 'support@example.com');
    expect(mails.find((mail) => mail.subject.includes(device.uid))?.text).toContain('Storgatan 1');

    // Move it to a colleague, behind its confirmation: the list reloads without it.
    await row.getByRole('button', { name: 'Move to user' }).click();
    const move = row.getByRole('button', { name: 'Move', exact: true });
    await row.getByLabel('Move to user id').fill(String(colleague.id));
    await row.getByLabel(/^Their email/).fill(colleague.email);
    await move.click();
    await answerConfirmation(page, `Move product ${device.uid} to Test User (user ${colleague.id})?`, 'Move product');
    await notice(page, `Product ${device.uid} moved to user ${colleague.id}`);
    await row.waitFor({ state: 'detached' });
    const theirs = await productCall(colleague.accessToken, 'get_products');
    expect((theirs.body.data as { products: { uid: string }[] }).products.map((p) => p.uid)).toEqual([device.uid]);
  });
});

describe('registered products and produced hardware (admin)', () => {
  it('finds units by search, copies them, unregisters one after Confirm, and copies a produced unit’s calibration', async () => {
    const [admin, owner] = await Promise.all([newAdmin(), newCustomer()]);
    const [{ device: kept }, { device: gone }] = await Promise.all([registeredUnit(owner), registeredUnit(owner)]);
    const produced = newDevice({
      certificates: [{ created: '2024-06-01T08:00:00Z', serial_no: 'X', ean: '7350063470017', cert: 'CE-LABEL-XYZ' }],
      calibration: [{ created: '2024-06-02T09:00:00Z', calibration: '{"gain":1.0042}' }],
    });
    await storeDevices(produced);
    const page = await openAs(admin, '/allproducts', { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.getByLabel('Search').fill(owner.email);
    await page.getByText('2 products', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Copy to clipboard' }).click();
    await notice(page, 'Products copied to the clipboard');
    const lines = (await page.evaluate(() => navigator.clipboard.readText())).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Id,Created,Product id,Uid,Hardware version,User id,User,License id,EAN');
    expect(lines.slice(1).join('\n')).toContain(kept.uid);

    const row = rowOf(page, 'Registered products', gone.uid);
    await row.getByRole('button', { name: 'Unregister' }).click();
    await answerConfirmation(page, `Unregister product ${gone.uid}?`, 'Unregister product');
    await notice(page, `Product ${gone.uid} unregistered`);
    await page.getByText('1 product', { exact: true }).waitFor();
    expect(await rowOf(page, 'Registered products', kept.uid).count()).toBe(1);

    // Produced hardware: a unit opens into its Labeled and Calibrated rows; its calibration is copied.
    await page.goto('/devices');
    await page.getByLabel('Search').fill(produced.serial_no);
    await page.getByText('1 unit', { exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Produced hardware' });
    await table.locator('tbody tr').first().getByRole('button').click();
    const labeled = table.locator('tr[data-event="labeled"]');
    const calibrated = table.locator('tr[data-event="calibrated"]');
    await calibrated.waitFor();
    expect(await labeled.innerText()).toContain('CE-LABEL-XYZ');
    expect(await labeled.innerText()).toContain('Labeled');
    await calibrated.getByRole('button', { name: 'Copy calibration' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('{"gain":1.0042}');
  });
});
