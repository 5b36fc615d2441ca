import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { licAdminContract, type LicenseCodeRow } from '../../../shared/contract/lic.admin';
import { userContract, type IvCurve } from '../../../shared/contract/user';
import { userAdminContract } from '../../../shared/contract/user.admin';
import { productContract } from '../../../shared/contract/product';
import { api } from '../support/fake-api';
import { ADMIN, CUSTOMER, answerLicenseCatalogue, answerProfile, licenseCodeRow, userInformation } from '../support/fixtures';
import { renderScreen } from '../support/render';

/**
 * People on the admin screens: wherever a user appears (user actions, dongles, license codes), an admin
 * reads the email with the id, and a user who is gone reads "User {id}", never a bare number. The
 * customer's side (names of whom they share with) is in licenses.test.tsx.
 */

const KIM = { id: 41, email: 'kim@example.com' };
const LEE = { id: 42, email: 'lee@example.com' };

/** The cells of a table's body rows, as text. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('people on the admin screens', () => {
  it('names the users of each action by email and id on the user detail', async () => {
    answerProfile(ADMIN);
    answerLicenseCatalogue();
    api.answer(licAdminContract, 'get_all_licenses', { rows: [], count: 0 });
    api.answer(userAdminContract, 'get_user_information', userInformation({
      user_id: KIM.id,
      email: KIM.email,
      userActions: [
        {
          id: 'a1',
          created: '2026-02-01T10:00:00.000Z',
          action: 'move_license',
          license_id: 7,
          product_id: null,
          from_user_id: KIM.id,
          to_user_id: LEE.id,
          by_user_id: 5,
          from_user_email: KIM.email,
          to_user_email: LEE.email,
          by_user_email: null,
        },
      ],
    }));
    await renderScreen(`/alllicenses/${KIM.id}`, { as: 'admin' });
    const actions = await screen.findByRole('table', { name: 'User actions' });
    expect(rowsOf(actions)[0]!.slice(4, 7)).toEqual([`${KIM.email} (user ${KIM.id})`, `${LEE.email} (user ${LEE.id})`, 'User 5']);
    within(actions).getByRole('link', { name: `${LEE.email} (user ${LEE.id})` });
  });

  it('names each dongle’s user by email and id', async () => {
    answerProfile(ADMIN);
    api.answer(licAdminContract, 'get_license_dongles', {
      dongles: [
        { id: 3, created: '2026-03-01T00:00:00.000Z', user_id: KIM.id, user_email: KIM.email, hid: 'HID-3', license_id: 30 },
        { id: 2, created: '2026-02-01T00:00:00.000Z', user_id: 9, user_email: null, hid: 'HID-2', license_id: 20 },
      ],
    });
    await renderScreen('/dongles', { as: 'admin' });
    const dongles = await screen.findByRole('table', { name: 'Dongles' });
    expect(rowsOf(dongles).map((cells) => cells[2])).toEqual([`${KIM.email} (user ${KIM.id})`, 'User 9']);
  });

  it('names a code’s redeemer by email and id', async () => {
    answerProfile(ADMIN);
    answerLicenseCatalogue();
    const code = (fields: Partial<LicenseCodeRow>): LicenseCodeRow => licenseCodeRow({ id: 1, code: 'AAAA-BBBB', description: 'Fair', created: '2026-01-01T00:00:00.000Z', ...fields });
    api.answer(licAdminContract, 'get_license_codes', {
      codes: [code({ id: 2, code: 'USED-1', used: true, used_by: LEE.id, used_by_email: LEE.email, redemptions: 1 }), code({ id: 1 })],
      count: 2,
    });
    await renderScreen('/listcodes', { as: 'admin' });
    const table = await screen.findByRole('table', { name: /codes/i });
    await within(table).findByRole('link', { name: `${LEE.email} (user ${LEE.id})` });
    expect(within(table).queryByRole('link', { name: String(LEE.id) })).toBeNull();
  });

  it('shows a customer their own curves by their email and another user’s public curve without who it is', async () => {
    answerProfile(CUSTOMER);
    const curve = (fields: Partial<IvCurve>): IvCurve => ({
      id: 1,
      product_id: null,
      product: null,
      version: 1,
      created: '2026-01-01T00:00:00.000Z',
      updated: '2026-01-01T00:00:00.000Z',
      user_id: CUSTOMER.id,
      user: CUSTOMER.email,
      public: false,
      manufacturer: 'Maker',
      model: 'Own',
      unit: 'A',
      filename: '1-v1.csv',
      points: 2,
      can_update: true,
      ...fields,
    });
    api.answer(userContract, 'get_iv_curves', {
      curves: [curve({ id: 2, model: 'Theirs', user_id: 77, user: null, public: true, can_update: false }), curve({ id: 1 })],
      count: 2,
      can_publish: false,
    });
    // The upload form lists the customer's units.
    api.answer(productContract, 'get_products', { products: [] });
    await renderScreen('/ivcurves', { as: 'customer' });
    const table = await screen.findByRole('table', { name: 'IV curves' });
    const users = rowsOf(table).map((cells) => [cells[7], cells[4]]);
    expect(users).toEqual([
      ['Theirs', 'Another user'],
      ['Own', CUSTOMER.email],
    ]);
  });
});
