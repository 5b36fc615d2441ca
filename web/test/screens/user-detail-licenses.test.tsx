import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { licAdminContract, type AdminLicenseRow } from '../../../shared/contract/lic.admin';
import { userAdminContract } from '../../../shared/contract/user.admin';
import { api } from '../support/fake-api';
import { ADMIN, adminLicenseRow, answerLicenseCatalogue, answerProfile, userInformation } from '../support/fixtures';
import { renderScreen } from '../support/render';
import { expectNoConfirmation, findConfirmation, findNotification } from '../support/results';

/**
 * The admin user detail's own controls: Allow legacy purchases, Show expired and Add new license. The
 * real path (a legacy flag saved and read back after a reload, a license added and listed) is
 * test/e2e/admin-licenses.
 */

const KIM = { id: 41, email: 'kim@example.com' };

/** The calendar day `offset` days from today (UTC), as licenses store their days. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A date as the form shows it: the local calendar day. */
const local = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Answers the detail's calls: KIM's information (legacy as the last set_user_legacy left it) and `rows` for their licenses. */
function answerDetail({ current = [], expired = [] }: { current?: AdminLicenseRow[]; expired?: AdminLicenseRow[] } = {}) {
  let legacy = false;
  answerProfile(ADMIN);
  answerLicenseCatalogue();
  api.answer(userAdminContract, 'get_user_information', () => userInformation({ user_id: KIM.id, email: KIM.email, legacy }));
  api.answer(userAdminContract, 'set_user_legacy', ({ user_id, legacy: wanted }) => {
    legacy = wanted;
    return { user_id, legacy };
  });
  api.answer(licAdminContract, 'get_all_licenses', ({ expired_in }) => {
    const rows = Number(expired_in ?? 0) > 0 ? [...current, ...expired] : current;
    return { rows, count: rows.length };
  });
}

const licenseRows = () =>
  within(screen.getByRole('table', { name: 'Licenses' }))
    .getAllByRole('row')
    .slice(1)
    .map((tr) => Number(tr.querySelector('td')?.textContent));

describe('the user detail’s licenses and legacy purchases', () => {
  it('allows legacy purchases at once, and withdraws them only once confirmed', async () => {
    answerDetail();
    const { user } = await renderScreen(`/alllicenses/${KIM.id}`, { as: 'admin', title: 'User details' });
    const legacy = await screen.findByRole('checkbox', { name: 'Allow legacy purchases' });
    expect(legacy).toHaveProperty('checked', false);
    await user.click(legacy);
    await findNotification(`User ${KIM.id} may make legacy purchases`);
    expect(api.calls(userAdminContract, 'set_user_legacy')).toEqual([{ user_id: KIM.id, legacy: true }]);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Allow legacy purchases' })).toHaveProperty('checked', true));

    // Withdrawing asks first; Cancel sends nothing.
    await user.click(screen.getByRole('checkbox', { name: 'Allow legacy purchases' }));
    let question = await findConfirmation(`Withdraw legacy purchases from user ${KIM.id}?`);
    await user.click(question.button('Cancel'));
    await expectNoConfirmation(`Withdraw legacy purchases from user ${KIM.id}?`);
    expect(api.calls(userAdminContract, 'set_user_legacy')).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', { name: 'Allow legacy purchases' }));
    question = await findConfirmation(`Withdraw legacy purchases from user ${KIM.id}?`);
    await user.click(question.button('Withdraw'));
    await findNotification(`User ${KIM.id} may no longer make legacy purchases`);
    expect(api.calls(userAdminContract, 'set_user_legacy').at(-1)).toEqual({ user_id: KIM.id, legacy: false });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Allow legacy purchases' })).toHaveProperty('checked', false));
  });

  it('lists the user’s licenses without owner columns, and the expired ones too with Show expired', async () => {
    const current = adminLicenseRow({ id: 300, user_id: KIM.id, license_type_id: 'Battery' });
    const expired = adminLicenseRow({ id: 301, user_id: KIM.id, valid_to: day(-40), days: -40, expired: true });
    answerDetail({ current: [current], expired: [expired] });
    const { user } = await renderScreen(`/alllicenses/${KIM.id}`, { as: 'admin', title: 'User details' });
    await waitFor(() => expect(licenseRows()).toEqual([current.id]));
    const table = screen.getByRole('table', { name: 'Licenses' });
    expect(within(table).queryByRole('button', { name: 'User' })).toBeNull();
    expect(api.calls(licAdminContract, 'get_all_licenses').at(-1)).toMatchObject({ user: String(KIM.id), expired_in: 0 });
    await screen.findByText('No actions yet.');

    await user.click(screen.getByRole('switch', { name: 'Show expired' }));
    await waitFor(() => expect(licenseRows()).toEqual([current.id, expired.id]));
    expect(api.calls(licAdminContract, 'get_all_licenses').at(-1)).toMatchObject({ user: String(KIM.id), page: 1 });
    expect(Number(api.calls(licAdminContract, 'get_all_licenses').at(-1)?.expired_in)).toBeGreaterThan(36_500);
    expect(within(table).getByText('Expired 40 days ago')).toBeTruthy();
  });

  it('adds a license: Automation, Standard, from today to a year later unless told; a Pro license with BVT of 4 channels and no end', async () => {
    answerDetail();
    let nextId = 500;
    api.answer(licAdminContract, 'create_license', () => ({ license_id: nextId++ }));
    api.answer(licAdminContract, 'add_license_addon', ({ license_id }) => ({ license_id }));
    const { user } = await renderScreen(`/alllicenses/${KIM.id}`, { as: 'admin', title: 'User details' });
    await screen.findByText('No licenses.');

    const today = new Date();
    const nextYear = new Date(today);
    nextYear.setFullYear(today.getFullYear() + 1);
    await user.click(screen.getByRole('button', { name: 'Add new license' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add new license' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'License type' })).toHaveProperty('value', 'Automation'));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'License usage' })).toHaveProperty('value', 'Standard'));
    expect(within(dialog).getByLabelText('Valid from')).toHaveProperty('value', local(today));
    expect(within(dialog).getByLabelText('Valid to')).toHaveProperty('value', local(nextYear));
    await user.click(within(dialog).getByRole('button', { name: 'Add license' }));
    await findNotification('License 500 added');
    expect(api.calls(licAdminContract, 'create_license')).toEqual([
      { user_id: KIM.id, license_type_id: 'Automation', license_usage_id: 4, valid_from: local(today), valid_to: local(nextYear) },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add new license' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Add new license' }));
    dialog = await screen.findByRole('dialog', { name: 'Add new license' });
    await user.click(within(dialog).getByRole('combobox', { name: 'License type' }));
    await user.click(await screen.findByRole('option', { name: 'Pro' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'BVT' }));
    expect(await within(dialog).findByLabelText('Channels')).toHaveProperty('value', '4');
    await user.clear(within(dialog).getByLabelText('Valid to'));
    await user.click(within(dialog).getByRole('button', { name: 'Add license' }));
    await findNotification('License 501 added');
    expect(api.calls(licAdminContract, 'create_license').at(-1)).toMatchObject({ license_type_id: 'Pro' });
    expect([null, '', undefined]).toContain(api.calls(licAdminContract, 'create_license').at(-1)?.valid_to);
    expect(api.calls(licAdminContract, 'add_license_addon')).toEqual([{ license_id: 501, addon_id: 'BatteryValidation', attributes: { channels: 4 } }]);
  });
});
