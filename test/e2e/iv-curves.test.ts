import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api';
import { MAX_IV_CURVE_BYTES, ivCurveMessages } from '../../shared/iv-curves/iv-curves';
import { callApi, createAdminUser, createConfirmedUser } from '../support/api';
import { answerConfirmation, openSignedIn, useBrowser } from '../support/browser';
import { curveFile, curveText, uploadCurve } from '../support/iv-curves';
import { withUserId } from '../support/licenses';

/**
 * IV Curves clicked through as a customer and an admin would: a file chosen in the browser's file dialog,
 * refused, uploaded, updated, downloaded and deleted; a curve an admin publishes, seen by a customer. The
 * list's paging and search and what each viewer is offered are component tests
 * (web/test/screens/iv-curve-product); the server's rules are test/integration/iv-curves. Every test's user
 * is fresh; public curves of other tests may be listed too, so rows are found by their own curve id or model.
 */
const browser = useBrowser();

const newCustomer = () => createConfirmedUser().then(withUserId);
const newAdmin = () => createAdminUser().then(withUserId);
type User = Awaited<ReturnType<typeof newCustomer>> & { totpSecret?: string };
const openAs = (user: User, path = '/ivcurves') => openSignedIn(browser, user.username, user.password, path, { totpSecret: user.totpSecret });

/** Chooses a file in the Curve file field's file dialog, as a person would. */
async function chooseFile(page: Page, name: string, content: string | Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^Curve file/ }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.isBuffer(content) ? content : Buffer.from(content) });
}

const table = (page: Page) => page.getByRole('table', { name: 'IV curves' });
const rowOf = (page: Page, text: string) => table(page).locator('tbody tr').filter({ hasText: text });
const notice = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true }).waitFor();
const cells = async (page: Page, text: string) => (await rowOf(page, text).locator('td').allInnerTexts()).map((cell) => cell.trim());

type Curve = { id: number; version: number; model: string; public: boolean; user_id: number };
const curvesOf = async (user: User) => ((await callApi('user', { cmd: 'get_iv_curves' }, user.accessToken)).body.data as { curves: Curve[] }).curves;

describe('IV curves', () => {
  it('refuses a file too large before sending and one that is no curve, uploads one, updates it, downloads it, and deletes another after Confirm', async () => {
    const owner = await newCustomer();
    const doomed = (await uploadCurve(owner.accessToken, curveFile(curveText({ model: 'Delete me' })))).body.data as Curve;
    const page = await openAs(owner);
    await page.getByText(ivCurveMessages.sizeHint, { exact: false }).waitFor();
    const upload = page.getByRole('button', { name: 'Upload', exact: true });
    expect(await upload.isDisabled()).toBe(true);

    // Too large: refused before sending. Not a curve: the server says why, and nothing is stored.
    await chooseFile(page, 'huge.csv', Buffer.alloc(MAX_IV_CURVE_BYTES + 1, 0x30));
    await page.getByText(apiMessages.fileTooLarge(MAX_IV_CURVE_BYTES), { exact: true }).waitFor();
    expect(await upload.isDisabled()).toBe(true);
    await chooseFile(page, 'notes.csv', 'manufacturer,Acme\nmodel,X\nunit,mA\nvoltage,current\n0,1\n0,2\n');
    await upload.click();
    const alert = page.getByRole('alert').filter({ hasText: 'The file is not an IV curve' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain(ivCurveMessages.notACurve('line 6: the voltages must rise (or fall) from point to point, without repeats'));
    expect((await curvesOf(owner)).filter((c) => c.user_id === owner.id).map((c) => c.id)).toEqual([doomed.id]);

    // A curve: listed with the fields read from the file.
    await chooseFile(page, 'panel.csv', curveText({ manufacturer: 'Browser Solar', model: 'BS-1', unit: 'uA' }));
    await upload.click();
    await rowOf(page, 'BS-1').waitFor();
    const curve = (await curvesOf(owner)).find((c) => c.user_id === owner.id && c.id !== doomed.id);
    expect(curve).toBeDefined();
    await notice(page, ivCurveMessages.uploaded(curve!.id));
    // Id, Product id, Version, Created, User, Public, Manufacturer, Model, Unit
    expect((await cells(page, 'BS-1')).slice(0, 9)).toEqual([String(curve!.id), '', '1', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), owner.email, 'No', 'Browser Solar', 'BS-1', 'uA']);

    // Updated with a new file: the same id, the next version, the new fields.
    await rowOf(page, 'BS-1').getByRole('button', { name: `Update IV curve ${curve!.id}` }).click();
    await page.getByRole('heading', { name: `Update IV curve ${curve!.id}` }).waitFor();
    const text = curveText({ model: 'After', unit: 'A' });
    await chooseFile(page, 'second.csv', text);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await notice(page, ivCurveMessages.updated(curve!.id, 2));
    await rowOf(page, 'After').waitFor();
    expect(await rowOf(page, 'BS-1').count()).toBe(0);
    expect((await cells(page, 'After')).slice(0, 3)).toEqual([String(curve!.id), '', '2']);
    expect((await cells(page, 'After'))[8]).toBe('A');
    // The form is for new curves again, and Download gives the new file, named from the curve.
    await page.getByRole('heading', { name: 'Upload a new IV curve' }).waitFor();
    const download = page.waitForEvent('download');
    await rowOf(page, 'After').getByRole('button', { name: `Download IV curve ${curve!.id}` }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`${curve!.id}-v2.csv`);
    const chunks: Buffer[] = [];
    for await (const chunk of (await saved.createReadStream())!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(text);

    // Delete: Cancel keeps the curve, Confirm deletes it.
    await rowOf(page, 'Delete me').getByRole('button', { name: `Delete IV curve ${doomed.id}` }).click();
    await answerConfirmation(page, `Delete IV curve ${doomed.id}?`, 'Cancel');
    await rowOf(page, 'Delete me').getByRole('button', { name: `Delete IV curve ${doomed.id}` }).click();
    await answerConfirmation(page, `Delete IV curve ${doomed.id}?`, 'Delete curve');
    await notice(page, ivCurveMessages.deleted(doomed.id));
    await rowOf(page, 'Delete me').waitFor({ state: 'detached' });
    await rowOf(page, 'After').waitFor();
    expect((await curvesOf(owner)).filter((c) => c.user_id === owner.id).map((c) => c.id)).toEqual([curve!.id]);
  });

  it('lets an admin publish a curve, which a customer then sees but cannot update', async () => {
    const [admin, customer] = await Promise.all([newAdmin(), newCustomer()]);
    const page = await openAs(admin);
    const model = `Public-${admin.id}`;
    await chooseFile(page, 'reference.csv', curveText({ manufacturer: 'Reference', model }));
    await page.getByRole('checkbox', { name: /^Public/ }).check();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await rowOf(page, model).waitFor();
    expect((await cells(page, model))[5]).toBe('Yes');

    const theirs = await openAs(customer);
    await theirs.getByRole('heading', { name: 'Upload a new IV curve' }).waitFor();
    const row = rowOf(theirs, model);
    await row.waitFor();
    // Another user's public curve names nobody to a customer.
    expect((await cells(theirs, model))[4]).toBe('Another user');
    expect(await row.getByRole('button', { name: /^Update/ }).count()).toBe(0);
    await row.getByRole('button', { name: /^Download/ }).waitFor();
  });
});
