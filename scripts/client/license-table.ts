import { licenseStateText } from '../../shared/licenses/display';
import type { DesktopLicense } from './protocol';

/** Whether this machine may take the license's seat, or who holds it. */
function seatText(license: DesktopLicense, fingerprint: string): string {
  if (license.hid) return `on dongle ${license.hid}`;
  if (license.fingerprint === fingerprint) return 'held by this machine';
  if (license.reserved_to !== null) return `in use${license.hostname ? ` on ${license.hostname}` : ''}`;
  return license.available ? 'free' : 'not available';
}

/** The columns of `list`: what a person reads to pick the license to reserve. */
const COLUMNS: readonly { header: string; cell: (license: DesktopLicense, fingerprint: string) => string }[] = [
  { header: 'Id', cell: (license) => String(license.id) },
  { header: 'Type', cell: (license) => license.license_type_id },
  { header: 'Add-ons', cell: (license) => license.addons.map((addon) => addon.id).join(', ') },
  { header: 'Valid to', cell: (license) => license.valid_to ?? 'perpetual' },
  { header: 'State', cell: (license) => licenseStateText(license) },
  { header: 'Seat', cell: seatText },
  { header: 'Shared by', cell: (license) => license.shared_by ?? '' },
];

/**
 * The licenses as a plain-text table, columns padded to their widest cell (`--json` gives the rows as the
 * portal answers them, for scripts).
 */
export function licenseTable(licenses: readonly DesktopLicense[], fingerprint: string): string {
  if (licenses.length === 0) return 'No licenses for this account.';
  const rows = [COLUMNS.map((column) => column.header), ...licenses.map((license) => COLUMNS.map((column) => column.cell(license, fingerprint)))];
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(rows[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
