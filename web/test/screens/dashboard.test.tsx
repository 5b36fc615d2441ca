import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { caseAdminContract } from '../../../shared/contract/case.admin';
import { licAdminContract, type LicenseGraphPoint } from '../../../shared/contract/lic.admin';
import { productAdminContract } from '../../../shared/contract/product.admin';
import { usageContract, type Usage } from '../../../shared/contract/usage.admin';
import { userAdminContract } from '../../../shared/contract/user.admin';
import { api } from '../support/fake-api';
import { ADMIN, adminLicenseRow, answerProfile } from '../support/fixtures';
import { renderScreen } from '../support/render';

/**
 * The Dashboard and Usage screens: their tables, the charts' empty states and Copy to clipboard. What the
 * server counts is test/integration/dashboard-usage.test.ts; the charts drawn in a browser, test/e2e/dashboard.
 */

const types = ['Automation', 'Battery', 'Log', 'All', 'Enterprise', 'Pro'];
const stats = types.map((license_type, index) => ({ license_type, active: index + 1, reserved: index, perpetual: index === 3 ? 2 : 0 }));
const graphOf = (days: string[]): LicenseGraphPoint[] =>
  days.flatMap((date, day) => types.map((license_type_id, index) => ({ date, license_type_id, perpetual: index === 3 ? day : 0, subscription: index + day })));

function answerDashboard(graph: LicenseGraphPoint[], ending = [adminLicenseRow({ id: 31, user_id: 41, user: 'kim@example.com', valid_to: '2026-12-01', days: 5 })]) {
  answerProfile(ADMIN);
  api.answer(licAdminContract, 'get_license_statistics', { license_type_stats: stats, graph });
  api.answer(userAdminContract, 'get_user_statistics', { user_count: 1234, newsletter_count: 56 });
  api.answer(productAdminContract, 'get_product_statistics', { registered_products: 78 });
  api.answer(caseAdminContract, 'get_case_statistics', { total: 9, open: 5, waiting_for_admin: 3, waiting_for_user: 2 });
  api.answer(licAdminContract, 'get_all_licenses', { rows: ending, count: ending.length });
}

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent));

describe('Dashboard', () => {
  it('shows licenses per type with their Total, users, products and cases', async () => {
    answerDashboard(graphOf(['2026-10-01', '2026-11-01', '2026-11-26']));
    await renderScreen('/dashboard', { as: 'admin', title: 'Dashboard' });
    await screen.findByRole('cell', { name: 'Enterprise' });
    expect(rowsOf('Licenses').slice(1)).toEqual([
      ['Automation', '1', '0', '0'],
      ['Battery', '2', '1', '0'],
      ['Log', '3', '2', '0'],
      ['All', '4', '3', '2'],
      ['Enterprise', '5', '4', '0'],
      ['Pro', '6', '5', '0'],
      ['Total', '21', '15', '2'],
    ]);
    expect(rowsOf('Users').slice(1)).toEqual([['Total', '1,234'], ['Newsletter', '56']]);
    expect(rowsOf('Products').slice(1)).toEqual([['Registered', '78']]);
    expect(rowsOf('Cases').slice(1)).toEqual([['Total', '9'], ['Open', '5'], ['Waiting for admin response', '3'], ['Waiting for user response', '2']]);
  });

  it('copies the graph as CSV: the header word for word, a line per point', async () => {
    answerDashboard(graphOf(['2026-10-01', '2026-11-01', '2026-11-26']));
    const { user } = await renderScreen('/dashboard', { as: 'admin', title: 'Dashboard' });
    const chart = await screen.findByRole('figure', { name: 'Activated licenses per type' });
    await user.click(within(chart).getByRole('button', { name: 'Copy to clipboard' }));
    await screen.findByText('The graph was copied as CSV.');
    expect(await navigator.clipboard.readText()).toBe(
      ['Date, All, Automation, Battery, Enterprise, Log, Total', '2026-10, 3, 0, 1, 4, 2, 15', '2026-11, 5, 1, 2, 5, 3, 22', 'Now, 7, 2, 3, 6, 4, 29', ''].join('\n'),
    );
  });

  it('says so instead of empty charts when there are no licenses yet', async () => {
    answerDashboard(graphOf([]), []);
    await renderScreen('/dashboard', { as: 'admin', title: 'Dashboard' });
    for (const name of ['Activated licenses per type', 'Subscription / perpetual']) {
      const chart = await screen.findByRole('figure', { name });
      expect(within(chart).getByText('No licenses yet: the chart starts with the first valid license.')).toBeTruthy();
    }
    expect(await screen.findByText('No license ends in the next 30 days.')).toBeTruthy();
  });

  it('lists the licenses ending in the next 30 days from the All licenses list, soonest first, with their owner', async () => {
    answerDashboard(graphOf(['2026-11-26']));
    await renderScreen('/dashboard', { as: 'admin', title: 'Dashboard' });
    const table = await screen.findByRole('table', { name: 'Licenses ending in the next 30 days' });
    expect(await within(table).findByRole('link', { name: 'kim@example.com' })).toHaveProperty('pathname', '/alllicenses/41');
    expect(rowsOf('Licenses ending in the next 30 days')[1]).toEqual(['31', 'kim@example.com', 'Automation', '2026-12-01', '5']);
    expect(api.calls(licAdminContract, 'get_all_licenses')[0]).toEqual({ expires_within: 30, expired_in: 0, order_by: 'valid_to', descending: false, limit: 20, page: 1 });
  });
});

const usage: Usage = {
  user_count: 321,
  weekly_usage: [{ week: '2026-W47', count: 40 }, { week: '2026-W48', count: 42 }],
  monthly_usage: [{ month: '2026-10', count: 90 }, { month: '2026-11', count: 95 }],
  yearly_usage: [{ year: '2026', count: 300 }],
  version_usage: [{ version: '3.6.0', count: 70 }, { version: '3.5.2', count: 30 }, { version: 'All versions', count: 95 }],
  os_usage: [{ os: 'windows', count: 80 }, { os: 'ubuntu', count: 15 }],
  type_usage: [{ type: 'Pro', count: 60 }],
  seats: [],
};

describe('Usage', () => {
  it('shows the user count, weekly, monthly and yearly users, types, versions with All versions, and OS', async () => {
    answerProfile(ADMIN);
    api.answer(usageContract, 'get_usage', usage);
    await renderScreen('/usage', { as: 'admin', title: 'Usage' });
    expect(await screen.findByText('321')).toBeTruthy();
    expect(rowsOf('Weekly users').slice(1)).toEqual([['2026-W47', '40'], ['2026-W48', '42']]);
    expect(rowsOf('Monthly users').slice(1)).toEqual([['2026-10', '90'], ['2026-11', '95']]);
    expect(rowsOf('Yearly users').slice(1)).toEqual([['2026', '300']]);
    expect(rowsOf('Versions this month').slice(1)).toEqual([['3.6.0', '70'], ['3.5.2', '30'], ['All versions', '95']]);
    expect(rowsOf('Operating systems this month').slice(1)).toEqual([['windows', '80'], ['ubuntu', '15']]);
    expect(rowsOf('License types this month').slice(1)).toEqual([['Pro', '60']]);
    // No seat reserved in 90 days: said in words, no empty chart.
    expect(within(screen.getByRole('figure', { name: 'Seats held at most per day (last 90 days)' })).getByText('No seat was reserved in the last 90 days.')).toBeTruthy();
  });

  it('says so in each table when nobody used the app yet', async () => {
    answerProfile(ADMIN);
    api.answer(usageContract, 'get_usage', { ...usage, user_count: 0, weekly_usage: [], monthly_usage: [], yearly_usage: [], version_usage: [{ version: 'All versions', count: 0 }], os_usage: [], type_usage: [] });
    await renderScreen('/usage', { as: 'admin', title: 'Usage' });
    expect(within(await screen.findByRole('table', { name: 'Weekly users' })).getByText('Nobody used the desktop app in this time yet.')).toBeTruthy();
  });
});
