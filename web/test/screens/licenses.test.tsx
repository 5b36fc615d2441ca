import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { licContract, type LicenseRow, type MySubscription } from '../../../shared/contract/lic';
import { userContract } from '../../../shared/contract/user';
import { organisationsContract, type Membership } from '../../../shared/organisations/organisations.contract';
import { organisationSeatsContract } from '../../../shared/organisations/organisation-seats.contract';
import { formatDateTime } from '../../src/lib/dates';
import { codeMessages } from '../../../shared/commerce/codes';
import { licenseFormMessages } from '../../../shared/forms/licenses';
import { apiMessages } from '../../../shared/api';
import { licenseMessages } from '../../../shared/licenses/messages';
import { recipientMessages } from '../../../shared/forms/recipient';
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

/** The people check_recipient names (any email is theirs here; a slip is its own test). */
const PEOPLE: Record<number, string> = { 12: 'Fox Mulder', 21: 'Dana Scully', 99: 'Walter Skinner', 404: 'Alex Krycek' };

async function openWith(licenses: LicenseRow[], subscriptions: MySubscription[] = [], organisations: Membership[] = []) {
  api.answer(userContract, 'get_user_profile', OWNER);
  api.answer(userContract, 'check_recipient', ({ user_id }: { user_id: number }) =>
    user_id === OWNER.id ? { user_id, name: 'Casey Customer' } : PEOPLE[user_id] ? { user_id, name: PEOPLE[user_id] } : refused(recipientMessages.noMatch, 404),
  );
  api.answer(licContract, 'get_licenses', { licenses });
  api.answer(licContract, 'get_my_subscriptions', { subscriptions });
  api.answer(organisationsContract, 'get_my_organisations', { organisations, invitations: [] });
  const rendered = await renderScreen('/licenses', { title: 'Licenses' });
  if (licenses[0]) await screen.findByRole('article', { name: `License ${licenses[0].id}` });
  return rendered;
}

const card = (id: number) => screen.getByRole('article', { name: `License ${id}` });
/** The recipient's email field of the form open on a card. */
const emailField = (id: number) => within(card(id)).getByLabelText(/^Their email/);
/** The texts a field is described by: its hint and, when there is one, its error (what a screen reader reads with it). */
const describedBy = (field: HTMLElement): string[] =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');
/** The page's red error text at the top (the shared error banner). */
const topBanner = () => screen.getAllByRole('alert').map((alert) => alert.textContent ?? '');
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

  it('moves only with a user id and their email filled in, one form at a time, and Cancel empties the form', async () => {
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
    await within(card(moving.id)).findByText(licenseFormMessages.userIdBlocks('Move'));
    expect(submit()).toHaveProperty('disabled', true);
    await user.clear(userField);
    await waitFor(() => expect(submit()).toHaveProperty('disabled', true));

    // Cancel goes back to the license's buttons, Move opens an empty form again.
    await user.click(within(card(moving.id)).getByRole('button', { name: 'Cancel' }));
    await within(card(moving.id)).findByRole('button', { name: 'Share' });
    await user.click(within(card(moving.id)).getByRole('button', { name: 'Move' }));
    expect(await within(card(moving.id)).findByLabelText(/^Move to user id/)).toHaveProperty('value', '');
    await user.type(within(card(moving.id)).getByLabelText(/^Move to user id/), '12');
    // The id alone is not enough: their email is asked too.
    expect(submit()).toHaveProperty('disabled', true);
    await user.type(emailField(moving.id), 'fox@example.com');
    await waitFor(() => expect(submit()).toHaveProperty('disabled', false));
    expect(api.calls(licContract, 'move_license')).toEqual([]);
  });

  it('shows the user’s own id with a copy button and what it is for', async () => {
    const { user } = await openWith([license()]);
    const own = await screen.findByLabelText(/^Your user id/);
    expect(own).toHaveProperty('value', String(OWNER.id));
    expect(own).toHaveProperty('readOnly', true);
    screen.getByText('Give it to a colleague who moves a license or product to you, or shares a license with you.');
    await user.click(screen.getByRole('button', { name: 'Copy your user id' }));
    await screen.findByRole('button', { name: 'Copied' });
    expect(await navigator.clipboard.readText()).toBe(String(OWNER.id));
  });

  it('says next to the user field what to type, and as it is typed why Move stays disabled', async () => {
    const moving = license();
    const { user } = await openWith([moving]);
    await user.click(within(card(moving.id)).getByRole('button', { name: 'Move' }));
    const userField = await within(card(moving.id)).findByLabelText(/^Move to user id/);
    expect(describedBy(userField)).toContain(licenseFormMessages.userIdHint);
    expect(describedBy(emailField(moving.id))).toContain(recipientMessages.emailHint);
    await user.type(emailField(moving.id), 'fox@example.com');
    // Not a number: the reason shows while typing, before the field is left.
    await user.type(userField, '12x');
    await waitFor(() => expect(describedBy(userField)).toContain(licenseFormMessages.userIdBlocks('Move')));
    expect(within(card(moving.id)).getByRole('button', { name: 'Move' })).toHaveProperty('disabled', true);
    await user.type(userField, '{Backspace}');
    await waitFor(() => expect(describedBy(userField)).not.toContain(licenseFormMessages.userIdBlocks('Move')));
    expect(within(card(moving.id)).getByRole('button', { name: 'Move' })).toHaveProperty('disabled', false);
  });

  it('shows an unknown user id at the field, as well as at the top of the page', async () => {
    const moving = license();
    api.answer(licContract, 'move_license', refused(apiMessages.userNotFound(99), 404));
    const { user } = await openWith([moving]);
    await user.click(within(card(moving.id)).getByRole('button', { name: 'Move' }));
    const userField = await within(card(moving.id)).findByLabelText(/^Move to user id/);
    await user.type(userField, '99');
    await user.type(emailField(moving.id), 'walter@example.com');
    await user.click(within(card(moving.id)).getByRole('button', { name: 'Move' }));
    // Gone between the check and the move: the server's refusal still shows at the id.
    await user.click((await findConfirmation(`Move license ${moving.id} to Walter Skinner (user 99)?`)).button('Move license'));
    await waitFor(() => expect(describedBy(userField)).toContain(apiMessages.userNotFound(99)));
    expect(userField.getAttribute('aria-invalid')).toBe('true');
    expect(topBanner()).toContain(apiMessages.userNotFound(99));
    expect(api.calls(licContract, 'move_license')).toEqual([{ license_id: moving.id, to_user_id: 99 }]);
    // Typing another id clears the field's message.
    await user.type(userField, '1');
    await waitFor(() => expect(describedBy(userField)).not.toContain(apiMessages.userNotFound(99)));
  });

  it('shows sharing with oneself, refused by the server, at the Share field', async () => {
    const sharing = license();
    api.answer(licContract, 'get_license_shared_users', { license_id: sharing.id, user_ids: [], users: [] });
    api.answer(licContract, 'share_license', refused(licenseMessages.shareWithOwner));
    const { user } = await openWith([sharing]);
    await user.click(within(card(sharing.id)).getByRole('button', { name: 'Share' }));
    const userField = await within(card(sharing.id)).findByLabelText(/^Share with user id/);
    expect(describedBy(userField)).toContain(licenseFormMessages.userIdHint);
    await user.type(userField, String(OWNER.id));
    await user.type(emailField(sharing.id), 'casey@example.com');
    await user.click(within(card(sharing.id)).getByRole('button', { name: 'Share' }));
    await user.click((await findConfirmation(`Share license ${sharing.id} with Casey Customer (user ${OWNER.id})?`)).button('Share license'));
    await waitFor(() => expect(describedBy(userField)).toContain(licenseMessages.shareWithOwner));
  });

  it('shares only once the id and email are the same user’s, naming them first: a slip stops at the email, nothing shared', async () => {
    const sharing = license();
    api.answer(licContract, 'get_license_shared_users', { license_id: sharing.id, user_ids: [], users: [] });
    api.answer(licContract, 'share_license', ({ license_id, with_user_id }) => ({ license_id, user_ids: [with_user_id] }));
    const { user } = await openWith([sharing]);
    await user.click(within(card(sharing.id)).getByRole('button', { name: 'Share' }));
    const userField = await within(card(sharing.id)).findByLabelText(/^Share with user id/);
    // A one-digit slip: 13 for 12.
    await user.type(userField, '13');
    await user.type(emailField(sharing.id), 'fox@example.com');
    await user.click(within(card(sharing.id)).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(describedBy(emailField(sharing.id))).toContain(recipientMessages.noMatch));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(licContract, 'share_license')).toEqual([]);

    await user.clear(userField);
    await user.type(userField, '12');
    await user.click(within(card(sharing.id)).getByRole('button', { name: 'Share' }));
    const question = await findConfirmation(`Share license ${sharing.id} with Fox Mulder (user 12)?`);
    await user.click(question.button('Cancel'));
    expect(api.calls(licContract, 'share_license')).toEqual([]);
    await user.click(within(card(sharing.id)).getByRole('button', { name: 'Share' }));
    await user.click((await findConfirmation(`Share license ${sharing.id} with Fox Mulder (user 12)?`)).button('Share license'));
    await findNotification(`License ${sharing.id} shared with user 12`);
    expect(api.calls(userContract, 'check_recipient')).toEqual([
      { user_id: 13, email: 'fox@example.com' },
      { user_id: 12, email: 'fox@example.com' },
      { user_id: 12, email: 'fox@example.com' },
    ]);
    expect(api.calls(licContract, 'share_license')).toEqual([{ license_id: sharing.id, with_user_id: 12 }]);
  });

  it('names people, never as a bare number: whom a license is shared with, who shared it, whose machine holds it', async () => {
    const FRIEND = { id: 12, name: 'Fox Mulder' };
    const shared = license({ shared_users: [FRIEND.id], shared_with: [FRIEND], shared_count: 1, reserved_to: FRIEND.id, reserved_to_name: FRIEND.name, hostname: 'friend-pc' });
    const fromOwner = license({ user_id: 30, shared_by: 'walter', shared_by_name: 'Walter Skinner' });
    // Shared with the caller and held by another recipient: who that is is not the caller's to know.
    const heldByOther = license({ user_id: 30, shared_by: 'walter', shared_by_name: 'Walter Skinner', reserved_to: 31, reserved_to_name: null });
    api.answer(licContract, 'get_license_shared_users', { license_id: shared.id, user_ids: [FRIEND.id], users: [FRIEND] });
    const { user } = await openWith([shared, fromOwner, heldByOther]);

    expect(detail(shared.id, 'Shared with')).toBe('Fox Mulder (user 12)');
    expect(detail(shared.id, 'Machine')).toBe('friend-pc (Fox Mulder)');
    within(card(fromOwner.id)).getByText('Shared by Walter Skinner');
    expect(detail(heldByOther.id, 'Machine')).toBe('A machine (another user)');

    // The Share form lists the same person by name, with Stop sharing naming them.
    await user.click(within(card(shared.id)).getByRole('button', { name: 'Share' }));
    await within(card(shared.id)).findByText('Fox Mulder (user 12)');
    within(card(shared.id)).getByRole('button', { name: 'Stop sharing with user 12 (Fox Mulder)' });
    expect(within(card(shared.id)).queryByText(/^\d+$/)).toBeNull();
  });
});

describe('what each license card offers', () => {
  it('offers a held license Return and Share but no Move, one on a dongle neither Return nor Move, and a shared one its recipient only Return, for their own machine', async () => {
    const held = license({ reserved_to: OWNER.id, fingerprint: 'fp-1', hostname: 'e2e-workstation' });
    const onDongle = license({ hid: 'E2E-DONGLE-1', reserved_to: OWNER.id, fingerprint: 'fp-2', hostname: 'e2e-laptop' });
    const sharedHeldHere = license({ user_id: 30, shared_by: 'walter', shared_by_name: 'Walter Skinner', reserved_to: OWNER.id, fingerprint: 'fp-3', hostname: 'my-pc' });
    const sharedFree = license({ user_id: 30, shared_by: 'walter', shared_by_name: 'Walter Skinner' });
    await openWith([held, onDongle, sharedHeldHere, sharedFree]);
    // The actions: the buttons with a word (the explanations beside the details are icons).
    const buttons = (id: number) =>
      within(card(id))
        .queryAllByRole('button')
        .map((button) => button.textContent)
        .filter((text) => text !== '');
    expect(detail(held.id, 'Machine')).toBe('e2e-workstation');
    expect(buttons(held.id)).toContain('Return');
    expect(buttons(held.id)).toContain('Share');
    expect(buttons(held.id)).not.toContain('Move');
    expect(detail(onDongle.id, 'Dongle')).toBe('E2E-DONGLE-1');
    expect(buttons(onDongle.id)).not.toContain('Return');
    expect(buttons(onDongle.id)).not.toContain('Move');
    expect(buttons(sharedHeldHere.id)).toEqual(['Return']);
    expect(buttons(sharedFree.id)).toEqual([]);
  });
});

describe('the license code field', () => {
  it('offers no Redeem for an empty code or one of spaces', async () => {
    const { user } = await openWith([license()]);
    const redeem = screen.getByRole('button', { name: 'Redeem' });
    expect(redeem).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('License code'), '   ');
    expect(screen.getByRole('button', { name: 'Redeem' })).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('License code'), 'A1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Redeem' })).toHaveProperty('disabled', false));
    expect(api.calls(licContract, 'redeem_license_code')).toEqual([]);
  });
});

describe('when the license server does not answer', () => {
  it('says "No response from license server", for a network failure and for a 503, and no empty list', async () => {
    for (const failure of [
      () => {
        throw new TypeError('Failed to fetch');
      },
      refused('The license store is not available, try again', 503),
    ]) {
      api.reset();
      api.answer(userContract, 'get_user_profile', OWNER);
      api.answer(licContract, 'get_licenses', failure);
      api.answer(licContract, 'get_my_subscriptions', failure);
      api.answer(organisationsContract, 'get_my_organisations', { organisations: [], invitations: [] });
      const { unmount } = await renderScreen('/licenses', { title: 'Licenses' });
      await waitFor(() => expect(topBanner()).toContain('No response from license server'));
      expect(screen.queryByText('You have no licenses yet.')).toBeNull();
      unmount();
    }
  });
});

describe('results and confirmations on the Licenses screen', () => {
  it('redeems a code: the new license is named in a notification and joins the list; a refused code shows in red, and the next try clears it', async () => {
    const redeemed = license({ license_type_id: 'Battery' });
    let codeRedeemed = false;
    api.answer(userContract, 'get_user_profile', OWNER);
    api.answer(licContract, 'get_licenses', () => ({ licenses: codeRedeemed ? [redeemed] : [] }));
    api.answer(licContract, 'get_my_subscriptions', { subscriptions: [] });
    api.answer(organisationsContract, 'get_my_organisations', { organisations: [], invitations: [] });
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
    // Once, in red at the top of the page: no notification repeats it.
    expect(screen.getAllByText(codeMessages.notValid)).toHaveLength(1);
    expect(notificationTexts()).toEqual([]);

    await user.clear(screen.getByLabelText('License code'));
    await user.type(screen.getByLabelText('License code'), 'GOOD-CODE');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    await findNotification(codeMessages.redeemed(redeemed.id));
    // The new try cleared the last one's error.
    await waitFor(() => expect(screen.queryAllByText(codeMessages.notValid)).toEqual([]));
    await screen.findByRole('article', { name: `License ${redeemed.id}` });
    expect(screen.getByLabelText('License code')).toHaveProperty('value', '');
  });

  it('closes a refused code’s red banner with Dismiss error and a success’s notification with Dismiss; the next action clears a banner left open', async () => {
    const redeemed = license({ license_type_id: 'Battery' });
    api.answer(userContract, 'get_user_profile', OWNER);
    api.answer(licContract, 'get_licenses', { licenses: [] });
    api.answer(licContract, 'get_my_subscriptions', { subscriptions: [] });
    api.answer(organisationsContract, 'get_my_organisations', { organisations: [], invitations: [] });
    api.answer(licContract, 'redeem_license_code', ({ code }) => (code === 'GOOD-CODE' ? { license_id: redeemed.id } : refused(codeMessages.notValid)));
    const { user } = await renderScreen('/licenses', { title: 'Licenses' });
    await screen.findByText('You have no licenses yet.');
    const redeem = async (code: string) => {
      await user.clear(screen.getByLabelText('License code'));
      await user.type(screen.getByLabelText('License code'), code);
      await user.click(screen.getByRole('button', { name: 'Redeem' }));
    };
    const close = (element: HTMLElement, label: string) => user.click(within(element).getByRole('button', { name: label, hidden: true }));
    const banners = () => screen.queryAllByRole('alert').filter((element) => element.textContent?.includes(codeMessages.notValid));

    await redeem('BAD-CODE');
    const banner = await findErrorBanner(codeMessages.notValid);
    expect(notificationTexts()).toEqual([]);
    await close(banner, 'Dismiss error');
    await waitFor(() => expect(banners()).toEqual([]));

    // A banner left open goes with the next action, which shows its own result.
    await redeem('BAD-CODE');
    await findErrorBanner(codeMessages.notValid);
    await redeem('GOOD-CODE');
    const done = await findNotification(codeMessages.redeemed(redeemed.id));
    await waitFor(() => expect(banners()).toEqual([]));
    await close(done, 'Dismiss');
    await waitFor(() => expect(notificationTexts()).toEqual([]));
  });

  it('moves a license only once confirmed, naming whom it goes to; Cancel sends nothing', async () => {
    const moving = license();
    const { user } = await openWith([moving]);
    api.answer(licContract, 'move_license', ({ license_id, to_user_id }) => ({ license_id, user_id: to_user_id }));
    await user.click(within(card(moving.id)).getByRole('button', { name: 'Move' }));
    await user.type(await within(card(moving.id)).findByLabelText(/^Move to user id/), '12');
    await user.type(emailField(moving.id), 'fox@example.com');
    const submit = within(card(moving.id)).getByRole('button', { name: 'Move' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));

    await user.click(submit);
    let question = await findConfirmation(`Move license ${moving.id} to Fox Mulder (user 12)?`);
    expect(question.text).toContain(`License ${moving.id} becomes Fox Mulder's: it leaves your licenses, and only they can move it back to you.`);
    await user.click(question.button('Cancel'));
    await expectNoConfirmation(`Move license ${moving.id} to Fox Mulder (user 12)?`);
    expect(api.calls(licContract, 'move_license')).toEqual([]);
    // The form is still open, as it was.
    expect(within(card(moving.id)).getByLabelText(/^Move to user id/)).toHaveProperty('value', '12');

    await user.click(within(card(moving.id)).getByRole('button', { name: 'Move' }));
    question = await findConfirmation(`Move license ${moving.id} to Fox Mulder (user 12)?`);
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
    await user.type(emailField(shared.id), 'alex@example.com');
    await user.click(within(card(shared.id)).getByRole('button', { name: 'Share' }));
    await user.click((await findConfirmation(`Share license ${shared.id} with Alex Krycek (user 404)?`)).button('Share license'));
    await findErrorBanner('User 404 not found');

    await user.clear(field);
    await user.type(field, '21');
    await user.click(within(card(shared.id)).getByRole('button', { name: 'Share' }));
    await user.click((await findConfirmation(`Share license ${shared.id} with Dana Scully (user 21)?`)).button('Share license'));
    await findNotification(`License ${shared.id} shared with user 21`);
    // The failed try's message went when the user tried again.
    await waitFor(() => expect(screen.queryAllByRole('alert')).toEqual([]));
    expect(notificationTexts()).toEqual([`License ${shared.id} shared with user 21`]);
  });

  it('returns a seat only once confirmed, naming the machine and when its lease ends (it works on until then)', async () => {
    const held = license({ reserved_to: OWNER.id, fingerprint: 'fp-1', hostname: 'lab-pc', lease_end: '2026-12-05T10:30:00.000Z' });
    const { user } = await openWith([held]);
    api.answer(licContract, 'return_license', ({ license_id }) => ({ license_id, available: true }));
    await user.click(within(card(held.id)).getByRole('button', { name: 'Return' }));
    const question = await findConfirmation(`Return license ${held.id}?`);
    expect(question.text).toContain(`The seat is free at once. lab-pc keeps working until its lease ends on ${formatDateTime('2026-12-05T10:30:00.000Z')}; it will not be renewed.`);
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

describe('the subscriptions a customer pays for, on Licenses', () => {
  it('shows each with its state, next charge and price, says an add-on ends with its license, and links the provider\'s account page', async () => {
    const pro = license({ license_type_id: 'Pro', subscription_id: 31, subscription_state: 'canceled', addons: [{ id: 'Automation', attributes: {} }] });
    const monthly = license({ license_type_id: 'All', subscription_id: 33, subscription_state: 'active' });
    const url = 'https://shop.example.com/account/abc#/subscriptions';
    const subscription = (fields: Partial<MySubscription> & Pick<MySubscription, 'id' | 'license_id' | 'product'>): MySubscription => ({
      addon_id: null,
      state: 'active',
      renews_at: '2027-02-01',
      interval: '1 year',
      amount: '€990.00',
      url,
      ...fields,
    });
    await openWith(
      [pro, monthly],
      [
        subscription({ id: 33, license_id: monthly.id, product: 'automation-battery-toolbox-monthly', interval: '1 month', amount: null, renews_at: '2026-12-28' }),
        subscription({ id: 32, license_id: pro.id, product: 'automation-addon-yearly', addon_id: 'Automation', state: 'canceled', amount: '€290.00' }),
        subscription({ id: 31, license_id: pro.id, product: 'pro-yearly', state: 'canceled' }),
      ],
    );
    const table = await screen.findByRole('table', { name: 'Your subscriptions' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent));
    expect(rows.slice(1)).toEqual([
      ['33', `Automation and Battery toolbox on license ${monthly.id}`, 'Active', '2026-12-28', 'Not available'],
      ['32', `Automation add-on on license ${pro.id}`, 'Canceled', 'None: runs out on 2027-02-01', '€290.00 a year'],
      ['31', `Pro on license ${pro.id}`, 'Canceled', 'None: runs out on 2027-02-01', '€990.00 a year'],
    ]);
    screen.getByText("Canceling a license's subscription cancels the add-on subscriptions on that license too: an add-on ends with its license.");
    // One account at the provider: one link, opened beside the portal.
    const links = screen.getAllByRole('link', { name: 'Invoices, payment method and cancel: your account at the checkout provider' });
    expect(links.map((link) => [link.getAttribute('href'), link.getAttribute('target')])).toEqual([[url, '_blank']]);
  });

  it('links no account page for a subscription ordered with another email, and says to sign in at the provider with it', async () => {
    const pro = license({ license_type_id: 'Pro', subscription_id: 41, subscription_state: 'active' });
    const row: MySubscription = { id: 41, license_id: pro.id, product: 'pro-yearly', addon_id: null, state: 'active', renews_at: '2027-02-01', interval: '1 year', amount: '€990.00', url: null };
    await openWith([pro], [row]);
    await screen.findByRole('table', { name: 'Your subscriptions' });
    screen.getByText('For a subscription ordered with another email: sign in at the checkout provider with the email used for the order.');
    expect(screen.queryByRole('link', { name: 'Invoices, payment method and cancel: your account at the checkout provider' })).toBeNull();
  });

  it('shows no subscriptions section to a customer who pays for none', async () => {
    await openWith([license()]);
    await waitFor(() => expect(api.calls(licContract, 'get_my_subscriptions')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Your subscriptions' })).toBeNull();
  });
});

describe('organisations’ licenses on the Licenses screen', () => {
  /** An organisation the customer belongs to, with their role in it. */
  const membership = (organisation_id: number, name: string, role: Membership['role']): Membership => ({
    organisation_id,
    name,
    role,
    members: 4,
    owner: 'Olive Owner',
    joined: '2026-11-02T09:00:00Z',
  });
  const LAB = membership(40, 'Lab', 'admin');
  const BENCH = membership(41, 'Bench', 'member');
  const FIELD = membership(42, 'Field', 'owner');
  const OLIVE = 20;
  const section = (name: string) => screen.getByRole('region', { name });
  /** The cards of a section, by their titles. */
  const cardIds = (name: string) => within(section(name)).queryAllByRole('article').map((article) => within(article).getByRole('heading', { level: 4 }).textContent);
  /** The action buttons of a card (the explanations beside the details are icons without text). */
  const buttons = (id: number) =>
    within(card(id))
      .queryAllByRole('button')
      .map((button) => button.textContent)
      .filter((text) => text !== '');

  it('puts the licenses a member may use apart under From your organisations, each naming its organisation, and offers only Return', async () => {
    const own = license();
    const heldHere = license({ user_id: OLIVE, organisation_id: 40, organisation_name: 'Lab', assigned_to: null, reserved_to: OWNER.id, fingerprint: 'fp-9', hostname: 'dana-laptop' });
    const assignedToMe = license({ user_id: OLIVE, organisation_id: 41, organisation_name: 'Bench', assigned_to: OWNER.id });
    const { user } = await openWith([heldHere, own, assignedToMe], [], [BENCH]);
    await screen.findByRole('region', { name: 'From your organisations' });
    expect(cardIds('Your licenses')).toEqual([`License ${own.id}`]);
    expect(cardIds('From your organisations')).toEqual([`License ${heldHere.id}`, `License ${assignedToMe.id}`]);
    expect(detail(heldHere.id, 'Organisation')).toBe('Lab');
    expect(within(card(heldHere.id)).getByRole('link', { name: 'Lab' }).getAttribute('href')).toBe('/organisations/40');
    expect(detail(heldHere.id, 'Seat for')).toBe('Pool (any member)');
    expect(detail(assignedToMe.id, 'Organisation')).toBe('Bench');
    expect(detail(assignedToMe.id, 'Seat for')).toBe('You');
    // A member neither shares nor moves an organisation's license; they return the seat their machine holds.
    expect(buttons(heldHere.id)).toEqual(['Return']);
    expect(buttons(assignedToMe.id)).toEqual([]);
    // A member manages no organisation: nothing of theirs is offered to one.
    expect(buttons(own.id)).toEqual(['Move', 'Share']);

    api.answer(licContract, 'return_license', ({ license_id }) => ({ license_id, available: true }));
    await user.click(within(card(heldHere.id)).getByRole('button', { name: 'Return' }));
    await user.click((await findConfirmation(`Return license ${heldHere.id}?`)).button('Return license'));
    await findNotification(`License ${heldHere.id} returned`);
    expect(api.calls(licContract, 'return_license')).toEqual([{ license_id: heldHere.id, fingerprint: 'fp-9' }]);
  });

  it('shows no From your organisations section to a user without organisation licenses', async () => {
    const own = license();
    await openWith([own], [], [LAB]);
    expect(screen.queryByRole('region', { name: 'From your organisations' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'From your organisations' })).toBeNull();
  });

  it('names the organisation of a license the user bought for it, among their own, with no Share, Move or Add to organisation', async () => {
    const given = license({ organisation_id: 40, organisation_name: 'Lab', assigned_to: null, shared_users: [] });
    await openWith([given], [], [LAB]);
    expect(cardIds('Your licenses')).toEqual([`License ${given.id}`]);
    expect(detail(given.id, 'Organisation')).toBe('Lab');
    expect(buttons(given.id)).toEqual([]);
  });

  it('adds an own license to an organisation the user owns or administers, once confirmed', async () => {
    const mine = license();
    const { user } = await openWith([mine], [], [LAB, BENCH, FIELD]);
    await user.click(within(card(mine.id)).getByRole('button', { name: 'Add to organisation' }));
    const submit = within(card(mine.id)).getByRole('button', { name: 'Add to organisation' });
    // Nothing is chosen yet among two: nothing to add.
    expect(submit).toHaveProperty('disabled', true);
    await user.click(within(card(mine.id)).getByRole('combobox', { name: 'Organisation' }));
    // Only the organisations they own or administer (not Bench, where they are a member).
    const choices = within(await screen.findByRole('listbox', { name: 'Organisation' })).getAllByRole('option');
    expect(choices.map((option) => option.textContent)).toEqual(['Lab', 'Field']);
    await user.click(choices[1]!);
    api.answer(organisationSeatsContract, 'add_license_to_organisation', ({ license_id, organisation_id }) => ({
      organisation_id,
      license: {
        id: license_id,
        license_type_id: 'Automation' as const,
        valid_from: mine.valid_from,
        valid_to: mine.valid_to,
        enabled: true,
        expired: false,
        bought_by: { id: OWNER.id, name: 'Dana Scully' },
        assigned_to: null,
        holder: null,
      },
    }));
    await user.click(submit);
    const question = await findConfirmation(`Add license ${mine.id} to Field?`);
    expect(question.text).toContain("Its seat goes to Field's pool (any member may use it), its shares end");
    await user.click(question.button('Add to organisation'));
    await findNotification(`License ${mine.id} added to Field`);
    expect(api.calls(organisationSeatsContract, 'add_license_to_organisation')).toEqual([{ license_id: mine.id, organisation_id: 42 }]);
  });

  it('offers no Add to organisation, and redeems codes only for themselves, to a user who manages no organisation', async () => {
    const mine = license();
    await openWith([mine], [], [BENCH]);
    await waitFor(() => expect(api.calls(organisationsContract, 'get_my_organisations')).toHaveLength(1));
    expect(within(card(mine.id)).queryByRole('button', { name: 'Add to organisation' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'For' })).toBeNull();
  });

  it('redeems a code for an organisation the user manages, or for themselves', async () => {
    const { user } = await openWith([], [], [LAB, BENCH]);
    api.answer(licContract, 'redeem_license_code', { license_id: 777 });
    await user.click(await screen.findByRole('combobox', { name: 'For' }));
    const choices = within(await screen.findByRole('listbox', { name: 'For' })).getAllByRole('option');
    expect(choices.map((option) => option.textContent)).toEqual(['Myself', 'Lab']);
    await user.click(choices[1]!);
    await user.type(screen.getByLabelText('License code'), 'TEAM-CODE');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    await findNotification(codeMessages.redeemed(777));
    await user.click(screen.getByRole('combobox', { name: 'For' }));
    await user.click(within(await screen.findByRole('listbox', { name: 'For' })).getByRole('option', { name: 'Myself' }));
    await user.type(screen.getByLabelText('License code'), 'OWN-CODE');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(api.calls(licContract, 'redeem_license_code')).toHaveLength(2));
    expect(api.calls(licContract, 'redeem_license_code')).toEqual([{ code: 'TEAM-CODE', organisation_id: 40 }, { code: 'OWN-CODE' }]);
  });
});
