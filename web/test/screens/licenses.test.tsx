import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { licContract, type LicenseRow } from '../../../shared/contract/lic';
import { userContract } from '../../../shared/contract/user';
import { codeMessages } from '../../../shared/commerce/codes';
import { licenseFormMessages } from '../../../shared/forms/licenses';
import { updateAppState } from '../../src/lib/app-state';
import { api, refused } from '../support/fake-api';
import { CUSTOMER } from '../support/fixtures';
import { renderScreen } from '../support/render';
import {
  expectNoConfirmation,
  findConfirmation,
  findErrorBanner,
  findNotification,
  notificationTexts,
} from '../support/results';

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

describe('results and confirmations on the Licenses screen', () => {
  it('redeems a code: the new license is named in a notification and joins the list; a refused code shows in red, and the next try clears it', async () => {
    const redeemed = license({ license_type_id: 'Battery' });
    let codeRedeemed = false;
    api.answer(userContract, 'get_user_profile', OWNER);
    api.answer(licContract, 'get_licenses', () => ({ licenses: codeRedeemed ? [redeemed] : [] }));
    api.answer(licContract, 'redeem_license_code', ({ code }) => {
      if (code !== 'GOOD-CODE') return refused(codeMessages.notValid);
      codeRedeemed = true;
      return { license_id: redeemed.id };
    });
    const { user } = await renderScreen('/licenses', { title: 'Licenses' });
    await screen.findByText('You have no licenses yet.');

    await user.type(screen.getByLabelText('License code'), 'BAD-CODE');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    await findErrorBanner(codeMessages.notValid);
    await findNotification(codeMessages.notValid);

    await user.clear(screen.getByLabelText('License code'));
    await user.type(screen.getByLabelText('License code'), 'GOOD-CODE');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    await findNotification(codeMessages.redeemed(redeemed.id));
    // The new try cleared the last one's error, at the top and in the notification.
    await waitFor(() => expect(screen.queryAllByText(codeMessages.notValid)).toEqual([]));
    await screen.findByRole('article', { name: `License ${redeemed.id}` });
    expect(screen.getByLabelText('License code')).toHaveProperty('value', '');
  });

  it('moves a license only once confirmed, naming where it goes; Cancel sends nothing', async () => {
    const moving = license();
    const { user } = await openWith([moving]);
    api.answer(licContract, 'move_license', ({ license_id, to_user_id }) => ({ license_id, user_id: to_user_id }));
    await user.click(within(card(moving.id)).getByRole('button', { name: 'Move' }));
    await user.type(await within(card(moving.id)).findByLabelText(/^Move to user id/), '12');
    const submit = within(card(moving.id)).getByRole('button', { name: 'Move' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));

    await user.click(submit);
    let question = await findConfirmation(`Move license ${moving.id} to user 12?`);
    expect(question.text).toContain(`License ${moving.id} becomes user 12's: it leaves your licenses, and only user 12 can move it back to you.`);
    await user.click(question.button('Cancel'));
    await expectNoConfirmation(`Move license ${moving.id} to user 12?`);
    expect(api.calls(licContract, 'move_license')).toEqual([]);
    // The form is still open, as it was.
    expect(within(card(moving.id)).getByLabelText(/^Move to user id/)).toHaveProperty('value', '12');

    await user.click(within(card(moving.id)).getByRole('button', { name: 'Move' }));
    question = await findConfirmation(`Move license ${moving.id} to user 12?`);
    await user.click(question.button('Move license'));
    await findNotification(`License ${moving.id} moved to user 12`);
    expect(api.calls(licContract, 'move_license')).toEqual([{ license_id: moving.id, to_user_id: 12 }]);
  });

  it('shares a license and says so; a refused share shows the server’s message', async () => {
    const shared = license();
    const { user } = await openWith([shared]);
    api.answer(licContract, 'get_license_shared_users', { license_id: shared.id, user_ids: [] });
    api.answer(licContract, 'share_license', ({ license_id, with_user_id }) =>
      with_user_id === 404 ? refused('User 404 not found', 404) : { license_id, user_ids: [with_user_id] },
    );
    await user.click(within(card(shared.id)).getByRole('button', { name: 'Share' }));
    const field = await within(card(shared.id)).findByLabelText(/^Share with user id/);
    await user.type(field, '404');
    await user.click(within(card(shared.id)).getByRole('button', { name: 'Share' }));
    await findNotification('User 404 not found');

    await user.clear(field);
    await user.type(field, '21');
    await user.click(within(card(shared.id)).getByRole('button', { name: 'Share' }));
    await findNotification(`License ${shared.id} shared with user 21`);
    // The failed try's notification went when the user tried again.
    await waitFor(() => expect(notificationTexts()).toEqual([`License ${shared.id} shared with user 21`]));
  });

  it('returns a seat only once confirmed, naming the machine', async () => {
    const held = license({ reserved_to: OWNER.id, fingerprint: 'fp-1', hostname: 'lab-pc' });
    const { user } = await openWith([held]);
    api.answer(licContract, 'return_license', ({ license_id }) => ({ license_id, available: true }));
    await user.click(within(card(held.id)).getByRole('button', { name: 'Return' }));
    const question = await findConfirmation(`Return license ${held.id}?`);
    expect(question.text).toContain(`The seat is freed: the desktop app on lab-pc stops using license ${held.id} until it takes a seat again.`);
    expect(api.calls(licContract, 'return_license')).toEqual([]);
    await user.click(question.button('Return license'));
    await findNotification(`License ${held.id} returned`);
    expect(api.calls(licContract, 'return_license')).toEqual([{ license_id: held.id, fingerprint: 'fp-1' }]);
  });

  it('says a completed checkout’s order is complete wherever the buyer is, and reads the licenses again', async () => {
    await openWith([license()]);
    const reads = api.calls(licContract, 'get_licenses').length;
    act(() => updateAppState({ orderCompleted: { id: 'o-1', reference: 'PORTAL-123' } }));
    await findNotification('Order PORTAL-123 is complete: thank you for your purchase');
    await waitFor(() => expect(api.calls(licContract, 'get_licenses').length).toBeGreaterThan(reads));
  });
});
