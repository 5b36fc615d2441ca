import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productAdminContract, type DeviceRow } from '../../../shared/contract/product.admin';
import { api } from '../support/fake-api';
import { ADMIN, answerProfile } from '../support/fixtures';
import { renderScreen } from '../support/render';

/** Produced hardware: who owns each unit. The owner as the API joins it is test/integration/products. */

let nextId = 900;
function device(fields: Partial<DeviceRow> = {}): DeviceRow {
  const id = nextId++;
  return {
    id,
    created: '2026-03-01T10:00:00Z',
    updated: '2026-03-02T10:00:00Z',
    product_id: 'Arc',
    serial_no: `SN-${id}`,
    uid: `UNIT${id}`,
    hardware_version: '1.2',
    ems_id: 'EMS-1',
    ean: '7350000000000',
    certificate_count: 0,
    calibration_count: 0,
    user_id: null,
    user: '',
    ...fields,
  };
}

const rowOf = (uid: string) => screen.getByText(uid).closest('tr')!;

describe('Produced hardware', () => {
  it('shows who owns a registered unit by email and id, linking to them, and nobody for an unregistered one', async () => {
    const owned = device({ user_id: 41, user: 'kim@example.com' });
    const free = device();
    answerProfile(ADMIN);
    api.answer(productAdminContract, 'get_devices', { devices: [owned, free], count: 2 });
    await renderScreen('/devices', { as: 'admin', title: 'Produced hardware' });
    await screen.findByText(owned.uid);

    screen.getByRole('columnheader', { name: /User/ });
    const link = within(rowOf(owned.uid)).getByRole('link', { name: 'kim@example.com (user 41)' });
    expect(link.getAttribute('href')).toBe('/alllicenses/41');
    expect(within(rowOf(free.uid)).queryByRole('link')).toBeNull();
  });
});
