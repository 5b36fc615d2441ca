import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { licAdminContract, type AdminLicenseRow } from '../../../shared/contract/lic.admin';
import { licContract } from '../../../shared/contract/lic';
import { userContract } from '../../../shared/contract/user';
import { licenseFormMessages } from '../../../shared/forms/licenses';
import { api, refused } from '../support/fake-api';
import { userAdminContract } from '../../../shared/contract/user.admin';
import { organisationSeatsAdminContract } from '../../../shared/organisations/organisation-seats.admin';
import { organisationsContract } from '../../../shared/organisations/organisations.contract';
import { ADMIN, adminLicenseRow, answerLicenseCatalogue, answerProfile, userInformation } from '../support/fixtures';
import { currentPath, renderScreen } from '../support/render';
import { expectNoConfirmation, findConfirmation, findErrorBanner, findNotification, notificationTexts } from '../support/results';

/**
 * /alllicenses as an admin uses it: the filters' rules, the state texts, each row's actions, the Edit
 * and Move dialogs' rules, paging and sorting. Each action done for real against the API (and read back
 * from the server) is test/e2e/admin-licenses.
 */

const USER = { id: 41, email: 'kim@example.com' };

/** The calendar day `offset` days from today (UTC), as licenses store their days. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let nextId = 100;
/** A row as get_all_licenses answers it: an Automation license of USER, 100 days left, unless told. */
const row = (fields: Partial<AdminLicenseRow> = {}): AdminLicenseRow => adminLicenseRow({ id: nextId++, user_id: USER.id, user: USER.email, ...fields });

/** The screen's other calls: the admin's profile (the shell) and the catalogue (filters and dialogs). */
function answerShellAndCatalogue() {
  answerProfile(ADMIN);
  answerLicenseCatalogue();
}

/** Opens /alllicenses answering get_all_licenses with `rows` (all of them, whatever the filters). */
async function openWith(rows: AdminLicenseRow[], path = '/alllicenses') {
  answerShellAndCatalogue();
  api.answer(licAdminContract, 'get_all_licenses', ({ page = 1 }) => ({ rows: rows.slice((page - 1) * 20, page * 20), count: rows.length }));
  const rendered = await renderScreen(path, { as: 'admin', title: 'All licenses' });
  await screen.findByText(`${rows.length} ${rows.length === 1 ? 'license' : 'licenses'}`);
  return rendered;
}

const table = () => screen.getByRole('table', { name: 'Licenses' });
/** A row by the license id in its first cell. */
const rowOf = (id: number) => {
  const found = within(table())
    .getAllByRole('row')
    .find((tr) => tr.querySelector('td')?.textContent === String(id));
  if (!found) throw new Error(`No row for license ${id}`);
  return found;
};
/** What a row shows under `header`. */
function cell(id: number, header: string): string {
  const headers = within(table()).getAllByRole('columnheader').map((th) => th.textContent?.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`No column ${header} among ${headers.join(', ')}`);
  return rowOf(id).querySelectorAll('td')[index]?.textContent?.trim() ?? '';
}
const shownIds = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((tr) => Number(tr.querySelector('td')?.textContent));

describe('All licenses', () => {
  it('shows each state text: days left, expired, disabled, perpetual, a subscription’s renewal', async () => {
    const soon = row({ valid_to: day(10), days: 10 });
    const later = row({ valid_to: day(300), days: 300 });
    const expired = row({ valid_to: day(-5), days: -5, expired: true });
    const perpetual = row({ license_type_id: 'All', enabled: false, valid_to: null, days: null });
    const subscription = row({ license_type_id: 'Pro', subscription_id: 9, subscription_state: 'active', valid_to: day(25), days: 25 });
    await openWith([soon, later, expired, perpetual, subscription]);
    expect(cell(soon.id, 'State')).toBe('Expires in 10 days');
    expect(cell(later.id, 'State')).toBe('');
    expect(cell(expired.id, 'State')).toBe('Expired 5 days ago');
    expect(cell(perpetual.id, 'State')).toBe('Disabled, Perpetual');
    expect(cell(perpetual.id, 'Enabled')).toBe('No');
    expect(cell(perpetual.id, 'Valid to')).toBe('');
    expect(cell(subscription.id, 'State')).toBe('Renews in 25 days');
  });

  it('sends each filter as typed, keeps them in the address, and opens an address with its filters in place', async () => {
    const { user, unmount } = await openWith([row()]);
    await user.type(screen.getByLabelText('User'), 'kim@');
    await user.type(screen.getByLabelText('Id'), '100');
    // Each days field holds its default (0, 9999): typed over whole, and applied once typing pauses.
    for (const [label, days, param] of [['Expired in last (days)', '30', 'expired_in'], ['Expires within (days)', '20', 'expires_within']] as const) {
      await user.tripleClick(screen.getByLabelText(label));
      await user.keyboard(days);
      await waitFor(() => expect(api.calls(licAdminContract, 'get_all_licenses').at(-1)).toMatchObject({ [param]: Number(days) }));
    }
    await user.click(screen.getByRole('combobox', { name: 'License type' }));
    await user.click(await screen.findByRole('option', { name: 'Battery' }));
    await waitFor(() =>
      expect(api.calls(licAdminContract, 'get_all_licenses').at(-1)).toMatchObject({
        user: 'kim@',
        license_id: 100,
        expired_in: 30,
        expires_within: 20,
        license_type: 'Battery',
        page: 1,
      }),
    );
    const address = currentPath();
    expect(address).toMatch(/^\/alllicenses\?/);
    for (const part of ['user=kim%40', 'id=100', 'expiredIn=30', 'expiresWithin=20', 'type=Battery']) expect(address).toContain(part);

    // The same address, opened anew (a reload, a shared link), shows the same filters and asks for the same list.
    unmount();
    await openWith([row()], address);
    expect(screen.getByLabelText('User')).toHaveProperty('value', 'kim@');
    expect(screen.getByRole('combobox', { name: 'License type' })).toHaveProperty('value', 'Battery');
    expect(api.calls(licAdminContract, 'get_all_licenses').at(-1)).toMatchObject({ user: 'kim@', license_id: 100, expired_in: 30, expires_within: 20, license_type: 'Battery' });
  });

  it("returns from a user's detail to the same filters and page", async () => {
    const rows = Array.from({ length: 23 }, () => row());
    const { user } = await openWith(rows);
    await user.click(screen.getByRole('combobox', { name: 'License type' }));
    await user.click(await screen.findByRole('option', { name: 'Automation' }));
    await user.click(screen.getByRole('combobox', { name: 'Page' }));
    await user.click(await screen.findByRole('option', { name: '2' }));
    await waitFor(() => expect(api.calls(licAdminContract, 'get_all_licenses').at(-1)).toMatchObject({ license_type: 'Automation', page: 2 }));
    const listAddress = currentPath();

    api.answer(userAdminContract, 'get_user_information', ({ user_id }) => userInformation({ user_id, email: USER.email }));
    await user.click(within(rowOf(rows[20]!.id)).getByRole('link', { name: new RegExp(USER.email) }));
    await screen.findByRole('heading', { name: 'User details', level: 2 });
    await user.click(screen.getByRole('link', { name: /Back to all licenses/ }));

    await screen.findByRole('heading', { name: 'All licenses', level: 2 });
    expect(currentPath()).toBe(listAddress);
    await waitFor(() => expect(shownIds()).toEqual(rows.slice(20).map((license) => license.id)));
    expect(screen.getByRole('combobox', { name: 'License type' })).toHaveProperty('value', 'Automation');
    expect(screen.getByRole('combobox', { name: 'Page' })).toHaveProperty('value', '2');
  });

  it('refuses a license id that is not a whole number', async () => {
    const { user } = await openWith([row()]);
    await user.type(screen.getByLabelText('Id'), '12ab');
    await screen.findByText('A license id is a whole number above 0');
    expect(api.calls(licAdminContract, 'get_all_licenses').some((params) => params.license_id !== undefined && params.license_id !== null && params.license_id !== '')).toBe(false);
  });

  it('pages 20 at a time with a page dropdown, and sorts by a clicked header from page 1', async () => {
    const rows = Array.from({ length: 23 }, () => row());
    const { user } = await openWith(rows);
    expect(shownIds()).toEqual(rows.slice(0, 20).map((license) => license.id));
    const pageSelect = screen.getByLabelText('Page');
    expect(pageSelect).toHaveProperty('value', '1');
    await user.click(pageSelect);
    expect((await screen.findAllByRole('option', { hidden: false })).map((option) => option.textContent)).toEqual(['1', '2']);
    await user.click(screen.getByRole('option', { name: '2', hidden: false }));
    await waitFor(() => expect(shownIds()).toEqual(rows.slice(20).map((license) => license.id)));
    expect(api.calls(licAdminContract, 'get_all_licenses').at(-1)).toMatchObject({ page: 2 });

    await user.click(within(table()).getByRole('button', { name: 'Id' }));
    await waitFor(() => expect(api.calls(licAdminContract, 'get_all_licenses').at(-1)).toMatchObject({ page: 1, order_by: 'id', descending: false }));
    await waitFor(() => expect(within(table()).getByRole('columnheader', { name: 'Id' }).getAttribute('aria-sort')).toBe('ascending'));
    await user.click(within(table()).getByRole('button', { name: 'Id' }));
    await waitFor(() => expect(api.calls(licAdminContract, 'get_all_licenses').at(-1)).toMatchObject({ order_by: 'id', descending: true }));
  });

  it('offers each row the actions its license allows', async () => {
    const plain = row();
    const disabled = row({ enabled: false });
    const subscription = row({ license_type_id: 'Pro', subscription_id: 9, subscription_state: 'active' });
    const held = row({ reserved_to: USER.id, reserved_to_email: USER.email, fingerprint: 'fp', hostname: 'workstation' });
    const dongle = row({ hid: 'DONGLE-1', reserved_to: USER.id, fingerprint: 'fp2', hostname: 'laptop' });
    const { user } = await openWith([plain, disabled, subscription, held, dongle]);
    const actionsOf = async (id: number) => {
      await user.click(screen.getByRole('button', { name: `Actions for license ${id}` }));
      const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      return items;
    };
    expect(await actionsOf(plain.id)).toEqual(['Disable', 'Edit', 'Move', 'Organisation', 'History']);
    expect(await actionsOf(disabled.id)).toEqual(['Enable', 'Edit', 'Move', 'Organisation', 'History']);
    expect(await actionsOf(subscription.id)).toEqual(['Cancel subscription', 'History']);
    expect(await actionsOf(held.id)).toEqual(['Release', 'Disable', 'Edit', 'Move', 'Organisation', 'History']);
    // A license on a dongle has no seat for an organisation to manage.
    expect(await actionsOf(dongle.id)).toEqual(['Disable', 'Edit', 'Move', 'History']);
    expect(cell(held.id, 'Reserved to')).toContain('workstation');
    // Whose machine: the email with the id, never the bare number.
    expect(cell(held.id, 'Reserved to')).toContain(`${USER.email} (user ${USER.id})`);
    expect(cell(dongle.id, 'Reserved to')).toContain(`User ${USER.id}`);
    expect(cell(dongle.id, 'Reserved to')).toContain('Dongle DONGLE-1');
  });

  it('edits a license: type read-only, its days filled in, a date that does not exist refused, BVT asking for channels', async () => {
    const plain = row({ license_type_id: 'Battery', valid_from: '2026-01-01', valid_to: '2027-03-01' });
    const pro = row({ license_type_id: 'Pro', addons: [{ id: 'Automation', attributes: {} }] });
    const { user } = await openWith([plain, pro]);
    expect(cell(pro.id, 'License type')).toBe('ProAT');

    await user.click(screen.getByRole('button', { name: `Actions for license ${plain.id}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog', { name: `Edit license ${plain.id}` });
    expect(within(dialog).getByLabelText('License type')).toHaveProperty('value', 'Battery');
    expect(within(dialog).getByLabelText('License type')).toHaveProperty('readOnly', true);
    expect(within(dialog).getByLabelText('Valid from')).toHaveProperty('value', '2026-01-01');
    expect(within(dialog).getByLabelText('Valid to')).toHaveProperty('value', '2027-03-01');
    expect(within(dialog).queryAllByRole('checkbox')).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Valid to'));
    await user.type(within(dialog).getByLabelText('Valid to'), '2028-02-30');
    await within(dialog).findByText('Not a real date');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: `Actions for license ${pro.id}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog', { name: `Edit license ${pro.id}` });
    expect(within(dialog).getByRole('checkbox', { name: 'AT' })).toHaveProperty('checked', true);
    expect(within(dialog).queryByLabelText('Channels')).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'BVT' }));
    expect(await within(dialog).findByLabelText('Channels')).toHaveProperty('value', '4');
  });

  it('moves only to a user id, and shows a refused move’s message in the dialog, which stays open', async () => {
    const license = row({ license_type_id: 'Log' });
    api.answer(licContract, 'move_license', refused('User 99999999 not found', 404));
    api.answer(userContract, 'check_recipient', ({ user_id }: { user_id: number }) => ({ user_id, name: 'Dana Scully' }));
    const { user } = await openWith([license]);
    await user.click(screen.getByRole('button', { name: `Actions for license ${license.id}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: `Move license ${license.id}` });
    const move = within(dialog).getByRole('button', { name: 'Move' });
    expect(move).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Move to user id'), 'abc');
    await user.tab();
    await within(dialog).findByText(licenseFormMessages.userIdBlocks('Move'));
    await user.clear(within(dialog).getByLabelText('Move to user id'));
    await user.type(within(dialog).getByLabelText('Move to user id'), '99999999');
    expect(move).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText(/^Their email/), 'dana@example.com');
    await user.click(move);
    // The move asks first, naming the license, whose it is and whose it becomes (once id and email agree).
    const question = await findConfirmation(`Move license ${license.id} to Dana Scully (user 99999999)?`);
    expect(question.text).toContain(`License ${license.id} leaves user ${USER.id} (${USER.email}) and becomes Dana Scully's.`);
    expect(api.calls(userContract, 'check_recipient')).toEqual([{ user_id: 99999999, email: 'dana@example.com' }]);
    await user.click(question.button('Move license'));
    await findErrorBanner('User 99999999 not found', dialog);
    expect(api.calls(licContract, 'move_license')).toEqual([{ license_id: license.id, to_user_id: 99999999 }]);
    // The unknown id is also shown at the field it was typed in.
    const field = within(dialog).getByLabelText('Move to user id');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('User 99999999 not found');
    expect(screen.getByRole('dialog', { name: `Move license ${license.id}` })).toBeTruthy();
    // Shown where it happened, in the dialog: no notification over it.
    expect(notificationTexts()).toEqual([]);
  });
});

describe('All licenses: what asks first, and the results', () => {
  /** Opens a row's Actions menu and picks `item`. */
  async function act(user: Awaited<ReturnType<typeof openWith>>['user'], id: number, item: string) {
    await user.click(screen.getByRole('button', { name: `Actions for license ${id}` }));
    await user.click(await screen.findByRole('menuitem', { name: item }));
  }

  it('releases a seat and disables a license only once confirmed, naming the machine and the user; enabling asks nothing', async () => {
    const held = row({ reserved_to: USER.id, fingerprint: 'fp-9', hostname: 'workstation' });
    const disabled = row({ enabled: false });
    api.answer(licContract, 'return_license', ({ license_id }) => ({ license_id, available: true }));
    api.answer(licAdminContract, 'disable_license', ({ license_id }) => ({ license_id }));
    api.answer(licAdminContract, 'enable_license', ({ license_id }) => ({ license_id }));
    const { user } = await openWith([held, disabled]);

    await act(user, held.id, 'Release');
    let question = await findConfirmation(`Release license ${held.id}?`);
    expect(question.text).toContain('The seat is free at once. workstation keeps working until its lease ends (at most 7 days); it will not be renewed.');
    await user.click(question.button('Release seat'));
    await findNotification(`License ${held.id} released`);
    expect(api.calls(licContract, 'return_license')).toEqual([{ license_id: held.id, fingerprint: 'fp-9' }]);

    await act(user, held.id, 'Disable');
    question = await findConfirmation(`Disable license ${held.id}?`);
    expect(question.text).toContain(`user ${USER.id} (${USER.email}) can no longer use license ${held.id} until it is enabled again.`);
    await user.click(question.button('Cancel'));
    await expectNoConfirmation(`Disable license ${held.id}?`);
    expect(api.calls(licAdminContract, 'disable_license')).toEqual([]);
    await act(user, held.id, 'Disable');
    await user.click((await findConfirmation(`Disable license ${held.id}?`)).button('Disable license'));
    await findNotification(`License ${held.id} disabled`);
    expect(api.calls(licAdminContract, 'disable_license')).toEqual([{ license_id: held.id }]);

    await act(user, disabled.id, 'Enable');
    await findNotification(`License ${disabled.id} enabled`);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancels a subscription behind Confirm, naming the add-on subscriptions canceled with it, and says so', async () => {
    const subscription = row({ license_type_id: 'Pro', subscription_id: 9, subscription_state: 'active', addons: [{ id: 'Automation', attributes: {} }] });
    api.answer(licAdminContract, 'get_subscription', {
      id: 9,
      created: '2026-02-01T10:00:00Z',
      license_id: subscription.id,
      index: 0,
      state: 'active',
      user_id: subscription.user_id,
      user: subscription.user,
      product: 'pro-yearly',
      reference: 'ref-9',
      renews_at: '2027-02-01',
      interval: '1 year',
      url: null,
      addon_subscriptions: [{ id: 12, license_id: subscription.id, addon_id: 'Automation', state: 'active', renews_at: '2027-02-01' }],
    });
    api.answer(licAdminContract, 'cancel_subscription', ({ license_id }) => ({ license_id, subscription_id: 9, state: 'canceled', canceled_addon_subscriptions: [12] }));
    const { user } = await openWith([subscription]);
    await act(user, subscription.id, 'Cancel subscription');
    const dialog = await screen.findByRole('dialog', { name: `Cancel subscription of license ${subscription.id}` });
    within(dialog).getByText(/^Cancel subscription 9 of license \d+\? The license stays valid to the end of the period paid for/);
    await within(dialog).findByText('Its add-on subscriptions end with it: each is canceled at the provider too and runs out with the period paid for:');
    within(dialog).getByText(`Automation on license ${subscription.id}: subscription 12, would renew on 2027-02-01`);
    expect(api.calls(licAdminContract, 'cancel_subscription')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await findNotification('Subscription 9 canceled, and with it add-on subscription 12');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(licAdminContract, 'cancel_subscription')).toEqual([{ license_id: subscription.id }]);
  });

  it('asks before an edit that removes an add-on, naming it; an edit that removes none asks nothing', async () => {
    const pro = row({ license_type_id: 'Pro', addons: [{ id: 'Automation', attributes: {} }] });
    api.answer(licAdminContract, 'remove_license_addon', ({ license_id }) => ({ license_id }));
    api.answer(licAdminContract, 'add_license_addon', ({ license_id }) => ({ license_id }));
    const { user } = await openWith([pro]);
    await act(user, pro.id, 'Edit');
    let dialog = await screen.findByRole('dialog', { name: `Edit license ${pro.id}` });
    await user.click(within(dialog).getByRole('checkbox', { name: 'AT' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const question = await findConfirmation(`Remove AT from license ${pro.id}?`);
    expect(question.text).toContain(`Saving takes AT away from license ${pro.id}`);
    await user.click(question.button('Cancel'));
    await expectNoConfirmation(`Remove AT from license ${pro.id}?`);
    expect(api.calls(licAdminContract, 'remove_license_addon')).toEqual([]);
    // The edit dialog is still open, as the admin left it.
    expect(within(dialog).getByRole('checkbox', { name: 'AT' })).toHaveProperty('checked', false);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click((await findConfirmation(`Remove AT from license ${pro.id}?`)).button('Save and remove'));
    await findNotification(`License ${pro.id} saved`);
    expect(api.calls(licAdminContract, 'remove_license_addon')).toEqual([{ license_id: pro.id, addon_id: 'Automation' }]);

    // Adding one takes nothing away.
    await act(user, pro.id, 'Edit');
    dialog = await screen.findByRole('dialog', { name: `Edit license ${pro.id}` });
    await user.click(within(dialog).getByRole('checkbox', { name: 'BT' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(licAdminContract, 'add_license_addon')).toEqual([{ license_id: pro.id, addon_id: 'Battery' }]));
    expect(screen.queryByRole('dialog', { name: /^Remove/ })).toBeNull();
  });
});

describe('All licenses: an edit that takes something away asks first', () => {
  /** A Standard Automation license with 100 days left, marked with a legacy upgrade, opened in Edit. */
  async function editMarked() {
    const marked = row({ valid_to: day(100), to_fastspring_product: 'legacy-automation-year-2' });
    api.answer(licAdminContract, 'update_license', ({ license_id }) => ({ license_id }));
    api.answer(licAdminContract, 'update_license_to_fastspring', ({ license_id }) => ({ license_id }));
    const { user } = await openWith([marked]);
    await user.click(screen.getByRole('button', { name: `Actions for license ${marked.id}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: `Edit license ${marked.id}` });
    return {
      id: marked.id,
      user,
      dialog,
      typeValidTo: async (text: string) => {
        await user.clear(within(dialog).getByLabelText('Valid to'));
        if (text) await user.type(within(dialog).getByLabelText('Valid to'), text);
      },
      choose: async (label: string, option: string) => {
        await user.click(within(dialog).getByLabelText(label, { selector: 'input' }));
        await user.click(await screen.findByRole('option', { name: option, hidden: false }));
      },
      save: () => user.click(within(dialog).getByRole('button', { name: 'Save' })),
    };
  }

  it('asks before ending a license earlier, naming both days; Cancel sends nothing, the confirmed edit is sent', async () => {
    const { id, user, dialog, typeValidTo, save } = await editMarked();
    await typeValidTo(day(30));
    await save();
    const question = await findConfirmation(`End license ${id} earlier?`);
    expect(question.text).toContain(`Saving ends license ${id} on ${day(30)} instead of on ${day(100)}: its user loses the time in between.`);
    await user.click(question.button('Cancel'));
    await expectNoConfirmation(`End license ${id} earlier?`);
    expect(api.calls(licAdminContract, 'update_license')).toEqual([]);
    // The edit dialog is still open, as the admin left it.
    expect(within(dialog).getByLabelText('Valid to')).toHaveProperty('value', day(30));
    await save();
    await user.click((await findConfirmation(`End license ${id} earlier?`)).button('Save and end earlier'));
    await findNotification(`License ${id} saved`);
    expect(api.calls(licAdminContract, 'update_license')).toEqual([{ license_id: id, license_usage_id: 4, valid_to: day(30) }]);
  });

  it('asks once, naming each, before an edit that ends a license in the past and changes its usage', async () => {
    const { id, user, typeValidTo, choose, save } = await editMarked();
    await typeValidTo(day(-1));
    await choose('License usage', 'Academic');
    await save();
    const question = await findConfirmation(`Save the changes to license ${id}?`);
    expect(question.text).toContain(`Saving ends license ${id} on ${day(-1)} instead of on ${day(100)}: that day has passed, so its user can no longer use it.`);
    expect(question.text).toContain(`Saving changes the usage of license ${id} from Standard to Academic`);
    await user.click(question.button('Save changes'));
    await findNotification(`License ${id} saved`);
    expect(api.calls(licAdminContract, 'update_license')).toEqual([{ license_id: id, license_usage_id: 2, valid_to: day(-1) }]);
  });

  it('asks before clearing a legacy upgrade, naming it; Cancel sends nothing, the confirmed edit is sent', async () => {
    const { id, user, choose, save } = await editMarked();
    await choose('Legacy upgrade product', 'None');
    await save();
    const question = await findConfirmation(`Clear the legacy upgrade of license ${id}?`);
    expect(question.text).toContain(`Saving clears the upgrade to Automation upgrade (Year 2): its owner can no longer buy it for license ${id}`);
    await user.click(question.button('Cancel'));
    await expectNoConfirmation(`Clear the legacy upgrade of license ${id}?`);
    expect(api.calls(licAdminContract, 'update_license_to_fastspring')).toEqual([]);
    await save();
    await user.click((await findConfirmation(`Clear the legacy upgrade of license ${id}?`)).button('Save and clear'));
    await findNotification(`License ${id} saved`);
    expect(api.calls(licAdminContract, 'update_license_to_fastspring')).toEqual([{ license_id: id, product: '' }]);
    expect(api.calls(licAdminContract, 'update_license')).toEqual([]);
  });

  it.each([
    ['a later end', day(200)],
    ['no end (perpetual)', ''],
  ])('saves an edit that gives %s without asking', async (_, later) => {
    const { id, typeValidTo, save } = await editMarked();
    await typeValidTo(later);
    await save();
    await findNotification(`License ${id} saved`);
    expect(api.calls(licAdminContract, 'update_license')).toEqual([{ license_id: id, license_usage_id: 4, valid_to: later }]);
    expect(screen.queryByRole('dialog', { name: /\?$/ })).toBeNull();
  });
});

describe('All licenses: a license’s organisation', () => {
  const PHOTON = 40;
  /** get_organisation as a portal admin reads it: Photon Lab, any other id unknown. */
  const answerOrganisations = () =>
    api.answer(organisationsContract, 'get_organisation', ({ organisation_id }) =>
      organisation_id === PHOTON
        ? { id: PHOTON, name: 'Photon Lab', owner_id: 20, role: null, created: '2026-11-01T09:00:00Z', members: [], invitations: [] }
        : refused('No such organisation, or you are not a member of it', 404),
    );
  async function openDialog(license: AdminLicenseRow) {
    const rendered = await openWith([license]);
    answerOrganisations();
    api.answer(organisationSeatsAdminContract, 'set_license_organisation', ({ license_id, organisation_id }) => ({ license_id, organisation_id }));
    await rendered.user.click(screen.getByRole('button', { name: `Actions for license ${license.id}` }));
    await rendered.user.click(await screen.findByRole('menuitem', { name: 'Organisation' }));
    return { ...rendered, dialog: await screen.findByRole('dialog', { name: `Organisation of license ${license.id}` }) };
  }

  it('puts a license into an organisation by its id, once confirmed naming the organisation', async () => {
    const license = row();
    const { user, dialog } = await openDialog(license);
    const field = within(dialog).getByLabelText('Organisation id');
    await user.type(field, 'abc');
    await user.tab();
    await within(dialog).findByText('An organisation id is a whole number above 0');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.clear(field);
    await user.type(field, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const question = await findConfirmation(`Put license ${license.id} into Photon Lab (organisation 40)?`);
    expect(question.text).toContain("Its seat goes to Photon Lab's pool (any member may use it)");
    await user.click(question.button('Put into organisation'));
    await findNotification(`License ${license.id} put into organisation 40`);
    expect(api.calls(organisationSeatsAdminContract, 'set_license_organisation')).toEqual([{ license_id: license.id, organisation_id: 40 }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: `Organisation of license ${license.id}` })).toBeNull());
  });

  it('takes a license out of its organisation with the field left empty, once confirmed', async () => {
    const license = row();
    const { user, dialog } = await openDialog(license);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click((await findConfirmation(`Take license ${license.id} out of its organisation?`)).button('Take out of organisation'));
    await findNotification(`License ${license.id} taken out of its organisation`);
    expect(api.calls(organisationSeatsAdminContract, 'set_license_organisation')).toEqual([{ license_id: license.id, organisation_id: null }]);
  });

  it('stops at an unknown organisation id, in the dialog, changing nothing', async () => {
    const license = row();
    const { user, dialog } = await openDialog(license);
    await user.type(within(dialog).getByLabelText('Organisation id'), '99');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await findErrorBanner('No such organisation, or you are not a member of it', dialog);
    expect(api.calls(organisationSeatsAdminContract, 'set_license_organisation')).toEqual([]);
  });
});
