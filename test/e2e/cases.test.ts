import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { caseMessages, caseStateNames } from '../../shared/cases/cases';
import { adminChoiceLabel, adminName, type AdminSummary } from '../../web/src/features/cases/admin-name';
import { caseTexts } from '../../web/src/features/cases/messages';
import { callApi, createAdminUser, createConfirmedUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { answerConfirmation, chooseOption, openSignedIn, useBrowser } from '../support/browser';
import { withUserId } from '../support/licenses';

/**
 * Support cases clicked through as a customer and as support would: a case opened from the list, a file
 * attached through the browser straight to storage and downloaded again, a conversation, assignment and
 * closing; the customer in the light scheme, support in the dark one, each screen checked by axe. Every
 * user is fresh, so rows are found by their own case id.
 */
const browser = useBrowser();

const newCustomer = () => createConfirmedUser().then(withUserId);
const newAdmin = () => createAdminUser().then(withUserId);
type User = Awaited<ReturnType<typeof newCustomer>> & { totpSecret?: string };

const dialog = (page: Page, caseId: number) => page.getByRole('dialog', { name: caseTexts.caseTitle(caseId), exact: true });
const notice = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true }).first().waitFor();
const rowOf = (page: Page, caseId: number) =>
  page.getByRole('table', { name: 'Cases' }).locator('tbody tr').filter({ has: page.getByRole('button', { name: String(caseId), exact: true }) });

/** The text of a downloaded file. */
async function downloadedText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await click();
  const saved = await download;
  const chunks: Buffer[] = [];
  for await (const chunk of (await saved.createReadStream())!) chunks.push(chunk as Buffer);
  return { name: saved.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

type CaseDetail = { state: number; assigned_to: number | null; attachments: { filename: string; state: string }[]; comments: { comment: string }[] };
const caseOf = async (user: User, id: number) => (await callApi('case', { cmd: 'get_case', id }, user.accessToken)).body.data as CaseDetail;

describe('support cases', () => {
  it('a customer opens a case, attaches a log, and support answers, assigns and closes it', async () => {
    const [customer, admin] = await Promise.all([newCustomer(), newAdmin()]);

    // The customer, light scheme: a new case from the list, sent only once both fields are filled.
    const page = await openSignedIn(browser, customer.username, customer.password, '/cases', { colorScheme: 'light' });
    // A new customer has no cases: the list says how to open one.
    await page.getByText(caseTexts.noCases, { exact: true }).waitFor();
    await page.getByRole('button', { name: caseTexts.newCase, exact: true }).click();
    const form = page.getByRole('dialog', { name: caseTexts.newCaseTitle, exact: true });
    const openCase = form.getByRole('button', { name: 'Open case', exact: true });
    await form.getByRole('textbox', { name: 'Description' }).fill('Readings drift after an hour');
    expect(await openCase.isDisabled()).toBe(true);
    await form.getByRole('textbox', { name: 'Comment' }).fill('The current drifts by 2 % after an hour of logging.');
    await openCase.click();
    await page.waitForURL(/\/cases\/[1-9]\d*$/);
    const caseId = Number(new URL(page.url()).pathname.split('/').pop());
    await notice(page, caseTexts.created(caseId));
    const mine = dialog(page, caseId);
    await mine.getByText(caseStateNames[1], { exact: true }).waitFor();

    // A log file chosen in the browser goes straight to storage, then downloads as the same file.
    const log = 'otii log\n12:00:01 current 1.02 mA\n13:00:01 current 1.04 mA\n';
    const chooser = page.waitForEvent('filechooser');
    await mine.getByRole('button', { name: caseTexts.attachFile, exact: true }).click();
    await (await chooser).setFiles({ name: 'drift.log', mimeType: 'text/plain', buffer: Buffer.from(log) });
    await notice(page, caseTexts.attached('drift.log'));
    const link = mine.getByRole('link', { name: 'drift.log', exact: true });
    await link.waitFor();
    expect(await downloadedText(page, () => link.click())).toEqual({ name: 'drift.log', text: log });
    expect((await caseOf(customer, caseId)).attachments).toEqual([expect.objectContaining({ filename: 'drift.log', state: 'stored' })]);
    await expectNoAxeViolations(page, `/cases/${caseId}, customer, light`);

    // Support, dark scheme: the case waits for them; they take it, answer, and the customer is waited on.
    const desk = await openSignedIn(browser, admin.username, admin.password, `/cases/${caseId}`, { colorScheme: 'dark', totpSecret: admin.totpSecret });
    const theirs = dialog(desk, caseId);
    await theirs.getByText(caseStateNames[1], { exact: true }).waitFor();
    await theirs.getByRole('link', { name: 'drift.log', exact: true }).waitFor();
    // Offered by name and email (every test admin is a "Test User"), and named in the result.
    const admins = (await callApi('user', { cmd: 'get_admins' }, admin.accessToken)).body.data as { admins: AdminSummary[] };
    const me = admins.admins.find((candidate) => candidate.id === admin.id)!;
    await chooseOption(desk, theirs.getByRole('combobox', { name: 'Assigned to' }), adminChoiceLabel(me));
    await notice(desk, caseTexts.assigned(caseId, adminName(admins.admins, admin.id)));
    await theirs.getByRole('textbox', { name: 'Comment' }).fill('Please send the calibration date of your unit.');
    await theirs.getByRole('button', { name: 'Add comment', exact: true }).click();
    await notice(desk, caseTexts.commented(caseId));
    await theirs.getByText(caseStateNames[2], { exact: true }).waitFor();
    await expectNoAxeViolations(desk, `/cases/${caseId}, admin, dark`);

    // The customer reads the answer as Support's and replies: the case waits for support again.
    await page.reload();
    await mine.getByText('Please send the calibration date of your unit.', { exact: true }).waitFor();
    await mine.getByText(caseStateNames[2], { exact: true }).waitFor();
    await mine.getByRole('textbox', { name: 'Comment' }).fill('Calibrated in March.');
    await mine.getByRole('button', { name: 'Add comment', exact: true }).click();
    await notice(page, caseTexts.commented(caseId));
    await mine.getByText(caseStateNames[3], { exact: true }).waitFor();

    // Support finds it under "Assigned to me", answers and closes in one step.
    await desk.goto('/cases');
    // The box shows the address's filter, which a click changes a moment later: click, then read it.
    const assignedToMe = desk.getByRole('checkbox', { name: 'Assigned to me' });
    await assignedToMe.click();
    await expect.poll(() => assignedToMe.isChecked()).toBe(true);
    await rowOf(desk, caseId).getByText(caseStateNames[3], { exact: true }).waitFor();
    await rowOf(desk, caseId).getByRole('button', { name: String(caseId), exact: true }).click();
    await theirs.getByRole('textbox', { name: 'Comment' }).fill('Thanks: within tolerance after recalibration.');
    await theirs.getByRole('button', { name: 'Comment and close', exact: true }).click();
    await notice(desk, caseTexts.commentedAndClosed(caseId));
    await theirs.getByText(caseStateNames[0], { exact: true }).waitFor();
    expect(await caseOf(customer, caseId)).toMatchObject({ state: 0, assigned_to: admin.id });

    // Closed cases leave the customer's default (Open) list and show under Closed.
    await page.goto('/cases');
    // The Open filter hides the closed case, and says so.
    await page.getByText(caseTexts.noMatch, { exact: true }).waitFor();
    // The segment's label is what a person clicks (its radio input is visually hidden).
    await page.getByText('Closed', { exact: true }).click();
    await rowOf(page, caseId).getByText(caseStateNames[0], { exact: true }).waitFor();
    await expectNoAxeViolations(page, '/cases?state=closed, customer, light');
  });

  it("deletes an attachment only after Confirm, and a refused file type never leaves the browser", async () => {
    const customer = await newCustomer();
    const created = await callApi('case', { cmd: 'create_case', title: 'Files', description: 'Two files' }, customer.accessToken);
    const caseId = (created.body.data as { id: number }).id;
    const page = await openSignedIn(browser, customer.username, customer.password, `/cases/${caseId}`);
    const mine = dialog(page, caseId);

    const attach = async (name: string, content: string) => {
      const chooser = page.waitForEvent('filechooser');
      await mine.getByRole('button', { name: caseTexts.attachFile, exact: true }).click();
      await (await chooser).setFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(content) });
    };
    await attach('setup.exe', 'MZ');
    // Refused in the dialog, where the file was chosen.
    await mine.getByRole('alert').getByText(caseMessages.fileTypeNotAllowed, { exact: true }).waitFor();
    expect((await caseOf(customer, caseId)).attachments).toEqual([]);

    await attach('notes.txt', 'first notes');
    await notice(page, caseTexts.attached('notes.txt'));
    await mine.getByRole('button', { name: 'Delete notes.txt', exact: true }).click();
    await answerConfirmation(page, caseTexts.deleteAttachmentQuestion('notes.txt', caseId).title, 'Cancel');
    await mine.getByRole('link', { name: 'notes.txt', exact: true }).waitFor();
    await mine.getByRole('button', { name: 'Delete notes.txt', exact: true }).click();
    await answerConfirmation(page, caseTexts.deleteAttachmentQuestion('notes.txt', caseId).title, 'Delete attachment');
    await notice(page, caseTexts.attachmentDeleted('notes.txt'));
    await mine.getByText(caseTexts.noAttachments, { exact: true }).waitFor();
    expect((await caseOf(customer, caseId)).attachments).toEqual([]);
  });
});
