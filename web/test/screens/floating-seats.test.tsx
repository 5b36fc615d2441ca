import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { licContract, type FloatingSeat, type LicenseRow } from '../../../shared/contract/lic';
import { licAdminContract } from '../../../shared/contract/lic.admin';
import { userAdminContract } from '../../../shared/contract/user.admin';
import { userContract } from '../../../shared/contract/user';
import { MAX_FLOATING_SEATS } from '../../../shared/licenses/seat';
import { organisationsContract } from '../../../shared/organisations/organisations.contract';
import { formatDate, formatDateTime } from '../../src/lib/dates';
import { api } from '../support/fake-api';
import { ADMIN, answerLicenseCatalogue, answerProfile, CUSTOMER, userInformation } from '../support/fixtures';
import { renderScreen } from '../support/render';
import { expectNoConfirmation, findConfirmation, findNotification } from '../support/results';

/**
 * A floating license (several seats) on the customer's Licenses screen: its seats and how many are in use,
 * the machines holding them (every machine for its owner, their own for a user it is shared with), and
 * freeing a machine's seat; and the admin's Add new license giving a license its seats. Who may see and
 * free what is the server's (test/integration/floating-seats.test.ts); the real path in a browser is
 * test/e2e/floating-seats.test.ts.
 */

const OWNER = CUSTOMER;
const COLLEAGUE = { id: 21, name: 'Dana Scully' };
const SINCE = '2026-11-27T08:15:00.000Z';

/** A floating Enterprise license of OWNER with 3 seats, as get_licenses answers it (the single seat's fields empty). */
function floatingLicense(fields: Partial<LicenseRow> = {}): LicenseRow {
  return {
    id: 700,
    user_id: OWNER.id,
    created: '2026-01-05',
    license_type_id: 'Enterprise',
    license_usage_id: 4,
    license_usage: 'Standard',
    enabled: true,
    valid_from: '2026-01-05',
    valid_to: '2099-06-30',
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
    seats: 3,
    ...fields,
  };
}

/** The owner's desk machine on a floating lease, and the colleague's laptop borrowed until early December. */
const desk: FloatingSeat = {
  seat: 1,
  user_id: OWNER.id,
  name: 'Casey Customer',
  hostname: 'desk-pc',
  fingerprint: 'fp-desk',
  kind: 'floating',
  since: SINCE,
  lease_end: '2026-11-28T10:20:00.000Z',
  mine: true,
  may_free: true,
};
const laptop: FloatingSeat = {
  seat: 2,
  user_id: COLLEAGUE.id,
  name: COLLEAGUE.name,
  hostname: 'travel-laptop',
  fingerprint: 'fp-laptop',
  kind: 'borrow',
  since: SINCE,
  lease_end: '2026-12-03T09:00:00.000Z',
  mine: false,
  may_free: true,
};

/**
 * Answers get_floating_seats with the machines in `held` (the caller sees `shown` of them) and frees a
 * machine's seat on return_license, as the server does: the next read has one fewer in use.
 */
function answerSeats(license: LicenseRow, held: FloatingSeat[], shown: (seat: FloatingSeat) => boolean = () => true) {
  let holding = [...held];
  api.answer(licContract, 'get_floating_seats', ({ license_id }) => ({
    license_id,
    seats: license.seats!,
    in_use: holding.length,
    held: holding.filter(shown),
  }));
  api.answer(licContract, 'return_license', ({ license_id, fingerprint }) => {
    holding = holding.filter((seat) => seat.fingerprint !== fingerprint);
    return { license_id, available: true };
  });
}

async function openLicenses(licenses: LicenseRow[]) {
  api.answer(userContract, 'get_user_profile', OWNER);
  api.answer(licContract, 'get_licenses', { licenses });
  api.answer(licContract, 'get_my_subscriptions', { subscriptions: [] });
  api.answer(organisationsContract, 'get_my_organisations', { organisations: [], invitations: [] });
  const rendered = await renderScreen('/licenses', { title: 'Licenses' });
  await screen.findByRole('article', { name: `License ${licenses[0]!.id}` });
  return rendered;
}

const card = (id: number) => screen.getByRole('article', { name: `License ${id}` });
/** A detail of a card by its label. */
const detail = (id: number, label: string) =>
  within(card(id))
    .getAllByText(label)
    .find((element) => element.tagName === 'DT')?.nextElementSibling?.textContent ?? '';

/** Opens the Seats dialog of a license: the machines holding its seats. */
async function openSeats(user: { click: (element: Element) => Promise<void> }, licenseId: number) {
  await user.click(within(card(licenseId)).getByRole('button', { name: `Seats of license ${licenseId}` }));
  const dialog = await screen.findByRole('dialog', { name: `Seats of license ${licenseId}` });
  const table = await within(dialog).findByRole('table', { name: 'Machines holding a seat' });
  return { dialog, table };
}

/** The rows of the machines table as text, cell by cell (the actions column by its buttons' names). */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );

describe('a floating license on Licenses', () => {
  it('says how many seats it has, that they float and how many are in use, with no single machine of its own', async () => {
    const license = floatingLicense();
    answerSeats(license, [desk, laptop]);
    await openLicenses([license]);
    await waitFor(() => expect(detail(license.id, 'Seats')).toBe('3 seats (floating), 2 in use'));
    expect(within(card(license.id)).queryByText('Machine')).toBeNull();
    // Its owner frees a machine's seat from the Seats dialog, not with the card's Return.
    expect(within(card(license.id)).queryByRole('button', { name: 'Return' })).toBeNull();
    within(card(license.id)).getByRole('button', { name: `Seats of license ${license.id}` });
  });

  it('shows its owner every machine and whose it is, and releases a lost one only once confirmed, naming it and when its lease ends', async () => {
    const license = floatingLicense();
    answerSeats(license, [desk, laptop]);
    const { user } = await openLicenses([license]);
    const { dialog, table } = await openSeats(user, license.id);
    within(dialog).getByText('3 seats (floating), 2 in use');
    expect(rowsOf(table)).toEqual([
      ['desk-pc', 'You', 'Floating', formatDateTime(SINCE), formatDateTime(desk.lease_end), 'Return'],
      ['travel-laptop', 'Dana Scully', `Borrowed until ${formatDate(laptop.lease_end)}`, formatDateTime(SINCE), formatDateTime(laptop.lease_end), 'Release'],
    ]);

    // Cancel frees nothing.
    const title = `Release the seat of travel-laptop (license ${license.id})?`;
    await user.click(within(table).getByRole('button', { name: 'Release the seat of travel-laptop' }));
    const question = await findConfirmation(title);
    expect(question.text).toContain(
      `The seat is free at once. travel-laptop keeps working until its lease ends on ${formatDateTime(laptop.lease_end)}; it will not be renewed.`,
    );
    await user.click(question.button('Cancel'));
    await expectNoConfirmation(title);
    expect(api.calls(licContract, 'return_license')).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'Release the seat of travel-laptop' }));
    await user.click((await findConfirmation(title)).button('Release seat'));
    await findNotification(`Seat of license ${license.id} on travel-laptop released`);
    expect(api.calls(licContract, 'return_license')).toEqual([{ license_id: license.id, fingerprint: 'fp-laptop' }]);
    // Read again: the laptop is gone from the list and from the count, on the card too.
    await waitFor(() => expect(rowsOf(within(dialog).getByRole('table', { name: 'Machines holding a seat' })).map((row) => row[0])).toEqual(['desk-pc']));
    within(dialog).getByText('3 seats (floating), 1 in use');
    await waitFor(() => expect(detail(license.id, 'Seats')).toBe('3 seats (floating), 1 in use'));
  });

  it('shows a user it is shared with only their own machine, the others as a count, and lets them return their own', async () => {
    const license = floatingLicense({ user_id: 30, shared_by: 'walter', shared_by_name: 'Walter Skinner' });
    const mine: FloatingSeat = { ...laptop, user_id: OWNER.id, name: null, mine: true, may_free: true };
    const owners: FloatingSeat = { ...desk, user_id: 30, name: 'Walter Skinner', mine: false, may_free: false };
    answerSeats(license, [owners, mine], (seat) => seat.mine);
    const { user } = await openLicenses([license]);
    await waitFor(() => expect(detail(license.id, 'Seats')).toBe('3 seats (floating), 2 in use'));
    const { dialog, table } = await openSeats(user, license.id);
    expect(rowsOf(table)).toEqual([
      ['travel-laptop', 'You', `Borrowed until ${formatDate(mine.lease_end)}`, formatDateTime(SINCE), formatDateTime(mine.lease_end), 'Return'],
    ]);
    within(dialog).getByText('1 more seat is in use on another user’s machine.');
    expect(within(dialog).queryByText('desk-pc')).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Return the seat of travel-laptop' }));
    const question = await findConfirmation(`Return the seat of travel-laptop (license ${license.id})?`);
    expect(question.text).toContain(`travel-laptop keeps working until its lease ends on ${formatDateTime(mine.lease_end)}`);
    await user.click(question.button('Return seat'));
    await findNotification(`Seat of license ${license.id} on travel-laptop returned`);
    expect(api.calls(licContract, 'return_license')).toEqual([{ license_id: license.id, fingerprint: 'fp-laptop' }]);
    await within(dialog).findByText('3 seats (floating), 1 in use');
    expect(within(dialog).queryByRole('table')).toBeNull();
  });

  it('says so when no machine holds a seat', async () => {
    const license = floatingLicense();
    answerSeats(license, []);
    const { user } = await openLicenses([license]);
    await user.click(within(card(license.id)).getByRole('button', { name: `Seats of license ${license.id}` }));
    const dialog = await screen.findByRole('dialog', { name: `Seats of license ${license.id}` });
    await within(dialog).findByText('No machine holds a seat now.');
    within(dialog).getByText('3 seats (floating), 0 in use');
  });
});

describe('the admin’s Add new license', () => {
  const KIM = { id: 41, email: 'kim@example.com' };

  it('makes a license floating with its seats, sent only when given, and refuses one seat or more than the most', async () => {
    answerProfile(ADMIN);
    answerLicenseCatalogue();
    api.answer(userAdminContract, 'get_user_information', userInformation({ user_id: KIM.id, email: KIM.email }));
    api.answer(licAdminContract, 'get_all_licenses', { rows: [], count: 0 });
    api.answer(licAdminContract, 'create_license', () => ({ license_id: 900 }));
    const { user } = await renderScreen(`/alllicenses/${KIM.id}`, { as: 'admin', title: 'User details' });
    await screen.findByText('No licenses.');

    await user.click(screen.getByRole('button', { name: 'Add new license' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new license' });
    const seats = within(dialog).getByRole('textbox', { name: 'Seats' });
    expect(seats).toHaveProperty('value', '');
    within(dialog).getByText(/^Empty: one seat, held by one machine at a time\. 2 to 100: a floating license/);
    const add = () => within(dialog).getByRole('button', { name: 'Add license' });
    for (const wrong of ['1', String(MAX_FLOATING_SEATS + 1)]) {
      await user.clear(seats);
      await user.type(seats, wrong);
      await user.tab();
      await within(dialog).findByText(`Seats are a whole number from 2 to ${MAX_FLOATING_SEATS}, or empty for one seat`);
      expect(add()).toHaveProperty('disabled', true);
    }
    await user.clear(seats);
    await user.type(seats, '3');
    await waitFor(() => expect(add()).toHaveProperty('disabled', false));
    await user.click(add());
    await findNotification('License 900 added');
    expect(api.calls(licAdminContract, 'create_license')).toEqual([expect.objectContaining({ user_id: KIM.id, license_type_id: 'Automation', seats: 3 })]);
  });
});
