// test tenant: with the demo's volume
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openSignedIn, useBrowser } from '../support/browser';

/**
 * The Dashboard and Usage screens as the demo admin opens them on the seeded history: figures, both
 * charts drawn (the chart code loaded), the graph copied as CSV, and a phone's width without sideways
 * scrolling. Their rules are web/test/screens/dashboard.test.tsx; the figures' counting,
 * test/integration/dashboard-usage.test.ts.
 */
const browser = useBrowser();

/**
 * A chart drawn: its figure holds recharts' SVG with at least one line, and its legend names `entry`.
 * A line is looked for in the page, not as visible: a flat line's box has no height, which Playwright
 * counts as hidden.
 */
async function expectChart(page: Page, name: string, entry: string) {
  const chart = page.getByRole('figure', { name });
  await chart.locator('svg.recharts-surface path.recharts-line-curve').first().waitFor({ state: 'attached' });
  await chart.getByText(entry, { exact: true }).first().waitFor();
}

describe('dashboard and usage', () => {
  it('shows the seeded figures and charts, copies the graph as CSV, and fits a phone', async () => {
    const page = await openSignedIn(browser, 'admin', inject('demoPassword'), '/dashboard', { permissions: ['clipboard-read', 'clipboard-write'] });
    const licenses = page.getByRole('table', { name: 'Licenses', exact: true });
    await licenses.getByRole('cell', { name: 'Total', exact: true }).waitFor();
    await expect.poll(async () => Number((await licenses.getByRole('row').last().getByRole('cell').nth(1).innerText()).replace(/,/g, ''))).toBeGreaterThan(0);
    await page.getByRole('table', { name: 'Cases' }).getByRole('cell', { name: 'Waiting for admin response' }).waitFor();
    await expectChart(page, 'Activated licenses per type', 'Total');
    await expectChart(page, 'Subscription / perpetual', 'Perpetual');
    // Total on a scale of its own, the axis on the right named after it, so the types' lines are not squashed under it.
    for (const name of ['Activated licenses per type', 'Subscription / perpetual']) {
      await page.getByRole('figure', { name }).locator('svg text', { hasText: /^Total$/ }).waitFor({ state: 'attached' });
    }

    await page.getByRole('figure', { name: 'Activated licenses per type' }).getByRole('button', { name: 'Copy to clipboard' }).click();
    await page.getByText('The graph was copied as CSV.').waitFor();
    const csv = (await page.evaluate(() => navigator.clipboard.readText())).trim().split('\n');
    expect(csv[0]).toBe('Date, All, Automation, Battery, Enterprise, Log, Total');
    expect(csv.slice(1).map((line) => line.split(', ')[0])).toEqual([...Array(csv.length - 2).fill(expect.stringMatching(/^\d{4}-\d{2}$/)), 'Now']);

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Usage', exact: true }).click();
    await page.getByRole('heading', { name: 'Usage', level: 2 }).waitFor();
    await page.getByRole('table', { name: 'Monthly users' }).getByRole('row').nth(2).waitFor();
    await page.getByRole('table', { name: 'Versions this month' }).getByRole('cell', { name: 'All versions' }).waitFor();
    await expectChart(page, 'Seats held at most per day (last 90 days)', 'Pro');

    // A phone: the charts and tables fit its width; the page never scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await expectChart(page, 'Seats held at most per day (last 90 days)', 'Pro');
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
