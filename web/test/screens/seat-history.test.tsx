import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { licContract, type LicenseRow } from '../../../shared/contract/lic';
import { userContract } from '../../../shared/contract/user';
import { licenseMessages } from '../../../shared/licenses/messages';
import { seatHistoryContract, type SeatChartDay, type SeatHistoryRow } from '../../../shared/licenses/seat-history.contract';
import { organisationsContract, type Organisation } from '../../../shared/organisations/organisations.contract';
import { organisationSeatsContract } from '../../../shared/organisations/organisation-seats.contract';
import { formatDateTime } from '../../src/lib/dates';
import { api, refused } from '../support/fake-api';
import { CUSTOMER } from '../support/fixtures';
import { currentPath, renderScreen } from '../support/render';
import { findErrorBanner } from '../support/results';

/**
 * A license's seat history screen over the fake API: the chart for whoever sees all of it, the holdings and
 * refusals a page at a time, Create CSV, a recipient's own use, a license the caller may not see; and the
 * ways there (a license's card on Licenses, an organisation's seats). What the server derives and who may
 * read it is test/integration/seat-history; the screen in a browser, test/e2e/seat-history.
 */

const LICENSE = 512;
const FOX = 12;

const row = (fields: Partial<SeatHistoryRow>): SeatHistoryRow => ({
  kind: 'holding',
  user_id: CUSTOMER.id,
  name: 'Casey Customer',
  hostname: 'laptop.example',
  fingerprint: 'fp-laptop',
  from: '2026-11-20T09:00:00.000Z',
  to: null,
  started_by: 'reserve',
  ended_by: null,
  ...fields,
});
const HELD = row({});
const FOX_TURNED_AWAY = row({ kind: 'refused', user_id: FOX, name: 'Fox Mulder', hostname: 'lab.example', fingerprint: 'fp-lab', from: '2026-11-19T15:30:00.000Z', started_by: null });
const TAKEN_OVER = row({ hostname: 'desktop.example', fingerprint: 'fp-desktop', from: '2026-11-18T08:00:00.000Z', to: '2026-11-20T09:00:00.000Z', started_by: 'takeover', ended_by: 'return' });
const OLDER = row({ user_id: FOX, name: 'Fox Mulder', hostname: 'lab.example', fingerprint: 'fp-lab', from: '2026-11-02T08:00:00.000Z', to: '2026-11-03T17:00:00.000Z', ended_by: 'release' });
const NEXT = '2026-11-18T08:00:00.000Z#0a1b2c3d';

/** 30 days, today last: one seat owned, one in use the last three days, Fox turned away once. */
const DAYS: SeatChartDay[] = Array.from({ length: 30 }, (_, n) => ({
  day: new Date(Date.UTC(2026, 10, 28 - 29 + n)).toISOString().slice(0, 10),
  in_use: n >= 27 ? 1 : 0,
  owned: 1,
  refused: n === 28 ? 1 : 0,
}));

async function openHistory(scope: 'all' | 'own' = 'all') {
  api.answer(userContract, 'get_user_profile', CUSTOMER);
  api.answer(seatHistoryContract, 'get_seat_history', ({ before }) =>
    before === NEXT
      ? { license_id: LICENSE, scope, rows: [OLDER], next: null }
      : { license_id: LICENSE, scope, rows: scope === 'all' ? [HELD, FOX_TURNED_AWAY, TAKEN_OVER] : [HELD, TAKEN_OVER], next: NEXT },
  );
  api.answer(seatHistoryContract, 'get_seat_chart', { days: DAYS });
  const rendered = await renderScreen(`/seathistory/${LICENSE}`, { title: 'Seat history' });
  await screen.findByRole('table', { name: `Seat history of license ${LICENSE}` });
  return rendered;
}

/** The table's rows as their cells' texts (the header left out). */
const tableRows = () =>
  within(screen.getByRole('table', { name: `Seat history of license ${LICENSE}` }))
    .getAllByRole('row')
    .slice(1)
    .map((tr) => within(tr).getAllByRole('cell').map((cell) => cell.textContent));

describe('a license’s seat history', () => {
  it('shows its owner the chart, who held the seat on which machine from when to when, and who was turned away, newest first', async () => {
    await openHistory();
    expect(tableRows()).toEqual([
      ['Casey Customer', 'laptop.examplefp-laptop', formatDateTime(HELD.from), 'Holds it now', 'Reserved'],
      ['Fox Mulder', 'lab.examplefp-lab', formatDateTime(FOX_TURNED_AWAY.from), '', 'Turned away: another machine held the seat'],
      ['Casey Customer', 'desktop.examplefp-desktop', formatDateTime(TAKEN_OVER.from), formatDateTime(TAKEN_OVER.to!), 'Taken over, returned'],
    ]);
    const chart = await screen.findByRole('figure', { name: 'Seats in the last 30 days' });
    expect(chart).toBeTruthy();
    // The chart's figures for a screen reader: the last day one seat in use of one owned.
    const figures = within(screen.getByRole('table', { name: 'Seats in the last 30 days' })).getAllByRole('row');
    expect(figures.at(-1)!.textContent).toBe(`${DAYS.at(-1)!.day}110`);
    expect(api.calls(seatHistoryContract, 'get_seat_chart')).toEqual([{ license_id: LICENSE }]);
  });

  it('pages older and back to newer along the page’s place', async () => {
    const { user } = await openHistory();
    expect(screen.getByRole('button', { name: 'Newer' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(tableRows()).toEqual([['Fox Mulder', 'lab.examplefp-lab', formatDateTime(OLDER.from), formatDateTime(OLDER.to!), 'Reserved, released']]));
    expect(screen.getByRole('button', { name: 'Older' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    expect(api.calls(seatHistoryContract, 'get_seat_history')).toEqual([{ license_id: LICENSE }, { license_id: LICENSE, before: NEXT }]);
  });

  it('creates the CSV of the history and links to it', async () => {
    const { user } = await openHistory();
    let finish: (answer: { filename: string; time_alive: number }) => void = () => undefined;
    api.answer(seatHistoryContract, 'get_seat_history_csv', () => new Promise((resolve) => (finish = resolve)));
    await user.click(screen.getByRole('button', { name: 'Create CSV' }));
    expect(api.calls(seatHistoryContract, 'get_seat_history_csv')).toEqual([{ license_id: LICENSE }]);
    act(() => finish({ filename: 'seats.csv?expires=1&signature=x', time_alive: 60 }));
    expect((await screen.findByRole('link', { name: 'Download CSV' })).getAttribute('href')).toBe('/umdata/seats.csv?expires=1&signature=x');
  });

  it('shows a recipient their own use, without the chart', async () => {
    await openHistory('own');
    expect(screen.getByText(/You see your own use of this license/)).toBeTruthy();
    expect(tableRows()).toHaveLength(2);
    expect(screen.queryByRole('figure')).toBeNull();
    expect(api.calls(seatHistoryContract, 'get_seat_chart')).toEqual([]);
  });

  it('says a license the caller may not see does not exist', async () => {
    api.answer(userContract, 'get_user_profile', CUSTOMER);
    api.answer(seatHistoryContract, 'get_seat_history', refused(licenseMessages.notFound(LICENSE), 404));
    await renderScreen(`/seathistory/${LICENSE}`, { title: 'Seat history' });
    await findErrorBanner(licenseMessages.notFound(LICENSE));
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the ways to a seat history', () => {
  it('opens from a license’s card on Licenses, not for a license on a dongle', async () => {
    const base: Omit<LicenseRow, 'id'> = {
      user_id: CUSTOMER.id,
      created: '2026-01-05',
      license_type_id: 'Automation',
      license_usage_id: 4,
      license_usage: 'Standard',
      enabled: true,
      valid_from: '2026-01-01',
      valid_to: '2099-01-01',
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
    };
    const licenses: LicenseRow[] = [{ ...base, id: LICENSE }, { ...base, id: LICENSE + 1, hid: 'DONGLE-1' }];
    api.answer(userContract, 'get_user_profile', CUSTOMER);
    api.answer(licContract, 'get_licenses', { licenses });
    api.answer(licContract, 'get_my_subscriptions', { subscriptions: [] });
    api.answer(organisationsContract, 'get_my_organisations', { organisations: [], invitations: [] });
    api.answer(seatHistoryContract, 'get_seat_history', { license_id: LICENSE, scope: 'all', rows: [], next: null });
    api.answer(seatHistoryContract, 'get_seat_chart', { days: DAYS });
    const { user } = await renderScreen('/licenses', { title: 'Licenses' });
    const card = await screen.findByRole('article', { name: `License ${LICENSE}` });
    expect(within(screen.getByRole('article', { name: `License ${LICENSE + 1}` })).queryByRole('link', { name: 'Seat history' })).toBeNull();
    await user.click(within(card).getByRole('link', { name: 'Seat history' }));
    await screen.findByRole('heading', { name: 'Seat history', level: 2 });
    expect(currentPath()).toBe(`/seathistory/${LICENSE}`);
    expect(await screen.findByText('Nobody used this seat in the last 90 days.')).toBeTruthy();
  });

  it("shows an organisation's admins its summed chart and links each license to its history", async () => {
    const organisation: Organisation = {
      id: 40,
      name: 'Lab',
      owner_id: 20,
      role: 'admin',
      created: '2026-11-01T09:00:00Z',
      members: [{ user_id: CUSTOMER.id, first_name: CUSTOMER.first_name, last_name: CUSTOMER.last_name, email: CUSTOMER.email, role: 'admin', joined: '2026-11-02T09:00:00Z' }],
      invitations: [],
    };
    api.answer(userContract, 'get_user_profile', CUSTOMER);
    api.answer(organisationsContract, 'get_organisation', organisation);
    api.answer(organisationSeatsContract, 'get_organisation_licenses', {
      organisation_id: 40,
      role: 'admin',
      count: 1,
      members: [],
      licenses: [{ id: LICENSE, license_type_id: 'Automation', valid_from: '2026-01-01', valid_to: null, enabled: true, expired: false, bought_by: { id: 20, name: 'Olive Owner' }, assigned_to: null, holder: null }],
    });
    api.answer(seatHistoryContract, 'get_seat_chart', { days: DAYS.map((day) => ({ ...day, owned: 3, in_use: 2 })) });
    const { user } = await renderScreen('/organisations/40', { title: 'Organisation' });
    // Drawn when asked for: it reads every license's figures.
    await user.click(await screen.findByRole('button', { name: 'Show the seat chart' }));
    expect(await screen.findByRole('figure', { name: "Seats of the organisation's licenses in the last 30 days" })).toBeTruthy();
    expect(api.calls(seatHistoryContract, 'get_seat_chart')).toEqual([{ organisation_id: 40 }]);
    expect((await screen.findByRole('link', { name: `Seat history of license ${LICENSE}` })).getAttribute('href')).toBe(`/seathistory/${LICENSE}`);
  });
});
