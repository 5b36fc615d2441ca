import { column, type Cell } from '../../lib/lists/list-page';
import type { DeviceListRow } from './device-list';

/**
 * A unit matches a search when its id is the number, or its uid, serial number, product id, hardware
 * version, EMS id or EAN holds the text (letters without regard to case).
 */
export function deviceMatches(search: string | null | undefined): (row: DeviceListRow) => boolean {
  const text = search?.trim().toLowerCase();
  if (!text) return () => true;
  const number = /^\d+$/.test(text) ? Number(text) : null;
  return (row) =>
    (number !== null && row.id === number) ||
    [row.uid, row.serial_no, row.product_id, row.hardware_version, row.ems_id, row.ean].some((value) => value.toLowerCase().includes(text));
}

export const deviceSortValue = (orderBy: string): ((row: DeviceListRow) => Cell) => column<DeviceListRow>(orderBy as keyof DeviceListRow);
