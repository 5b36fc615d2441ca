import type { LicenseGraphPoint } from '../../../../shared/contract/lic.admin';

/**
 * The dashboard's two charts from `get_license_statistics`' graph: per day shown, the licenses valid
 * that day per type (chart 1) and per payment kind (chart 2), each with their Total.
 */

/** The license types the graph's CSV has a column for, in its order. */
export const CSV_TYPES = ['All', 'Automation', 'Battery', 'Enterprise', 'Log'] as const;
/** The first line of the graph's CSV, word for word. */
export const GRAPH_CSV_HEADER = 'Date, All, Automation, Battery, Enterprise, Log, Total';

/** An x label: the year-month on the first day of a month, otherwise Now (the last point is today). */
export const graphLabel = (date: string): string => (date.endsWith('-01') ? date.slice(0, 7) : 'Now');

/** One point of the types chart: its label, each type's valid licenses, and their Total (every type). */
export type TypeRow = { date: string; label: string; Total: number } & Record<string, number | string>;
/** One point of the payment chart. */
export interface PaymentRow {
  date: string;
  label: string;
  Subscription: number;
  Perpetual: number;
  Total: number;
}

/** The days of the graph, oldest first. */
const daysOf = (graph: readonly LicenseGraphPoint[]) => [...new Set(graph.map((point) => point.date))].sort();

/** The license types the graph names, in the order it names them. */
export const graphTypes = (graph: readonly LicenseGraphPoint[]): string[] => [...new Set(graph.map((point) => point.license_type_id))];

/** Chart 1: per day, each type's valid licenses (perpetual and subscription) and the Total of every type. */
export function typeRows(graph: readonly LicenseGraphPoint[]): TypeRow[] {
  return daysOf(graph).map((date) => {
    const row: TypeRow = { date, label: graphLabel(date), Total: 0 };
    for (const point of graph.filter((each) => each.date === date)) {
      const valid = point.perpetual + point.subscription;
      row[point.license_type_id] = ((row[point.license_type_id] as number | undefined) ?? 0) + valid;
      row.Total += valid;
    }
    return row;
  });
}

/** Chart 2: per day, subscription and perpetual licenses of every type, and their Total. */
export function paymentRows(graph: readonly LicenseGraphPoint[]): PaymentRow[] {
  return daysOf(graph).map((date) => {
    const points = graph.filter((point) => point.date === date);
    const Subscription = points.reduce((sum, point) => sum + point.subscription, 0);
    const Perpetual = points.reduce((sum, point) => sum + point.perpetual, 0);
    return { date, label: graphLabel(date), Subscription, Perpetual, Total: Subscription + Perpetual };
  });
}

/**
 * The graph as CSV text: the header above, then a line per point with its label and the valid licenses
 * of each type, comma and space between values as in the header. Total counts every type, also one the
 * header has no column for (Pro).
 */
export function graphCsv(graph: readonly LicenseGraphPoint[]): string {
  const lines = typeRows(graph).map((row) => [row.label, ...CSV_TYPES.map((type) => (row[type] as number | undefined) ?? 0), row.Total].join(', '));
  return [GRAPH_CSV_HEADER, ...lines].join('\n') + '\n';
}

/** Whether the graph has anything to show (a graph of zeros is shown as "no licenses yet"). */
export const graphHasData = (graph: readonly LicenseGraphPoint[]) => graph.some((point) => point.perpetual + point.subscription > 0);
