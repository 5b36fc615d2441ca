import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { licContract, type LicenseRow } from '../../../shared/contract/lic';
import { userContract } from '../../../shared/contract/user';
import { licenseFormMessages } from '../../../shared/forms/licenses';
import { api } from '../support/fake-api';
import { CUSTOMER } from '../support/fixtures';
import { renderScreen } from '../support/render';

/**
 * The customer's /licenses: what each card says and the Move form's rules. Moving, sharing and
 * returning for real, and what the other user then sees, is test/e2e/licenses.
 */

const OWNER = CUSTOMER;

/** The calendar day `offset` days from today (UTC), as licenses store their days. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let nextId = 500;
/** A license of OWNER as get_licenses answers it: Automation, Standard, 200 days left, unless told. */
function license(fields: Partial<LicenseRow> = {}): LicenseRow {
  const validTo = fields.valid_to === undefined ? day(200) : fields.valid_to;
  return {
    id: nextId++,
    user_id: OWNER.id,
    created: '2026-01-05',
    license_type_id: 'Automation',
    license_usage_id: 4,
    license_usage: 'Standard',
    enabled: true,
    valid_from: day(-100),
    valid_to: validTo,
    tag: null,
    reserved_to: null,
    fingerprint: null,
    hostname: null,
    expired: false,
    days: null,
    hid: null,
    subscription_id: null,
    subscription_state: null,
    shared_count: 0,
    addons: [],
    shared_users: [],
    shared_by: null,
    ...fields,
  };
}

async function openWith(licenses: LicenseRow[]) {
  api.answer(userContract, 'get_user_profile', OWNER);
  api.answer(licContract, 'get_licenses', { licenses });
  const rendered = await renderScreen('/licenses', { title: 'Licenses' });
  if (licenses[0]) await screen.findByRole('article', { name: `License ${licenses[0].id}` });
  return rendered;
}

const card = (id: number) => screen.getByRole('article', { name: `License ${id}` });
/** A detail of a card (Type, Valid to …) by its label. */
function detail(id: number, label: string): string {
  const term = within(card(id))
    .getAllByText(label)
    .find((element) => element.tagName === 'DT');
  return term?.nextElementSibling?.textContent ?? '';
}

describe('the Licenses screen', () => {
  it('says so when the user has no licenses', async () => {
    await openWith([]);
    await screen.findByText('You have no licenses yet.');
  });

  it('shows each license’s type, usage, days, add-ons and state text', async () => {
    const expiring = license({ license_type_id: 'Battery', valid_to: day(10) });
    const perpetual = license({ license_type_id: 'All', valid_to: null, license_usage_id: 1, license_usage: 'Commercial' });
    const expired = license({ license_type_id: 'Log', valid_to: day(-5), expired: true });
    const pro = license({
      license_type_id: 'Pro',
      valid_to: day(150),
      addons: [
        { id: 'Automation', attributes: {} },
        { id: 'BatteryValidation', attributes: { channels: 4 } },
      ],
    });
    const disabled = license({ valid_to: day(20), enabled: false });
    await openWith([disabled, pro, expired, perpetual, expiring]);

    await within(card(expiring.id)).findByText('Expires in 10 days');
    expect(detail(expiring.id, 'Type')).toBe('Battery');
    expect(detail(expiring.id, 'Usage')).toBe('Standard');
    expect(detail(expiring.id, 'Valid from')).toBe(day(-100));
    expect(detail(expiring.id, 'Valid to')).toBe(day(10));
    expect(detail(perpetual.id, 'Valid to')).toBe('Perpetual');
    expect(detail(perpetual.id, 'Usage')).toBe('Commercial');
    within(card(expired.id)).getByText('Expired 5 days ago');
    within(card(disabled.id)).getByText('Disabled, Expires in 20 days');
    expect(detail(pro.id, 'Add-ons')).toBe('Automation, BatteryValidation (4 channels)');
    // A license more than 30 days from its end says nothing of it.
    expect(within(card(pro.id)).queryAllByText(/Expires|Expired|Perpetual/)).toEqual([]);
    // The owner may move and share each free license, and has nothing to return.
    for (const { id } of [expiring, perpetual]) {
      within(card(id)).getByRole('button', { name: 'Move' });
      within(card(id)).getByRole('button', { name: 'Share' });
      expect(within(card(id)).queryByRole('button', { name: 'Return' })).toBeNull();
    }
  });

  it('moves only with a user id filled in, one form at a time, and Cancel empties the form', async () => {
    const moving = license();
    const kept = license({ license_type_id: 'Battery' });
    const { user } = await openWith([moving, kept]);
    await user.click(within(card(moving.id)).getByRole('button', { name: 'Move' }));
    const userField = await within(card(moving.id)).findByLabelText(/^Move to user id/);
    const submit = () => within(card(moving.id)).getByRole('button', { name: 'Move' });
    expect(submit()).toHaveProperty('disabled', true);
    // One form at a time: the other card keeps its buttons.
    within(card(kept.id)).getByRole('button', { name: 'Move' });

    await user.type(userField, 'abc');
    await user.tab();
    await within(card(moving.id)).findByText(licenseFormMessages.userId);
    expect(submit()).toHaveProperty('disabled', true);
    await user.clear(userField);
    await waitFor(() => expect(submit()).toHaveProperty('disabled', true));

    // Cancel goes back to the license's buttons, Move opens an empty form again.
    await user.click(within(card(moving.id)).getByRole('button', { name: 'Cancel' }));
    await within(card(moving.id)).findByRole('button', { name: 'Share' });
    await user.click(within(card(moving.id)).getByRole('button', { name: 'Move' }));
    expect(await within(card(moving.id)).findByLabelText(/^Move to user id/)).toHaveProperty('value', '');
    await user.type(within(card(moving.id)).getByLabelText(/^Move to user id/), '12');
    await waitFor(() => expect(submit()).toHaveProperty('disabled', false));
    expect(api.calls(licContract, 'move_license')).toEqual([]);
  });
});
