import { describe, expect, it } from 'vitest';
import type { LicenseGraphPoint } from '../../../../shared/contract/lic.admin';
import { graphCsv, graphLabel, paymentRows } from './graph';

const point = (date: string, license_type_id: string, perpetual: number, subscription: number): LicenseGraphPoint => ({ date, license_type_id, perpetual, subscription });

/** A seeded history: three days shown (two months' first days, then today), every type. */
const history: LicenseGraphPoint[] = [
  ...['2026-09-01', '2026-10-01', '2026-10-17'].flatMap((date, index) => [
    point(date, 'Automation', 1, index),
    point(date, 'Battery', 0, 2 * index),
    point(date, 'Log', 0, 0),
    point(date, 'All', index, 1),
    point(date, 'Enterprise', 0, index === 2 ? 1 : 0),
    point(date, 'Pro', 0, index),
  ]),
];

describe('the dashboard graph', () => {
  it('labels the first day of a month with its year-month and any other day Now', () => {
    expect(['2026-09-01', '2026-10-17'].map(graphLabel)).toEqual(['2026-09', 'Now']);
  });

  it('copies as CSV with the header word for word, a line per point, Total over every type', () => {
    expect(graphCsv(history)).toBe(
      [
        'Date, All, Automation, Battery, Enterprise, Log, Total',
        '2026-09, 1, 1, 0, 0, 0, 2',
        '2026-10, 2, 2, 2, 0, 0, 7',
        'Now, 3, 3, 4, 1, 0, 13',
        '',
      ].join('\n'),
    );
  });

  it('has only the header when there is no history yet', () => {
    expect(graphCsv([])).toBe('Date, All, Automation, Battery, Enterprise, Log, Total\n');
  });

  it('sums subscription and perpetual licenses of every type per point', () => {
    expect(paymentRows(history).map(({ label, Subscription, Perpetual, Total }) => [label, Subscription, Perpetual, Total])).toEqual([
      ['2026-09', 1, 1, 2],
      ['2026-10', 5, 2, 7],
      ['Now', 10, 3, 13],
    ]);
  });
});
