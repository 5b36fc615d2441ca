import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { licAdminContract } from '../../../shared/contract/lic.admin';
import { userAdminContract, type UserInformation } from '../../../shared/contract/user.admin';
import { api } from '../support/fake-api';
import { ADMIN, answerLicenseCatalogue, answerProfile, userInformation } from '../support/fixtures';
import { renderScreen } from '../support/render';

/** The admin user detail's Organisations: the ones the user belongs to, with their role, each opening its screen. */

function answerDetail(organisations: UserInformation['organisations']) {
  answerProfile(ADMIN);
  answerLicenseCatalogue();
  api.answer(licAdminContract, 'get_all_licenses', { rows: [], count: 0 });
  api.answer(userAdminContract, 'get_user_information', userInformation({ user_id: 41, organisations }));
}

describe('the user detail’s Organisations', () => {
  it('lists each organisation with the user’s role and when they joined, each a link to it', async () => {
    answerDetail([
      { organisation_id: 7, name: 'Bench lab', role: 'admin', joined: '2026-04-02T10:00:00.000Z' },
      { organisation_id: 3, name: 'Field team', role: 'owner', joined: '2026-02-01T10:00:00.000Z' },
    ]);
    await renderScreen('/users/41', { as: 'admin' });
    const table = await screen.findByRole('table', { name: 'Organisations' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Bench lab', 'Admin', '2026-04-02'],
      ['Field team', 'Owner', '2026-02-01'],
    ]);
    expect(within(table).getByRole('link', { name: 'Bench lab' }).getAttribute('href')).toBe('/organisations/7');
  });

  it('says so when the user belongs to none', async () => {
    answerDetail([]);
    await renderScreen('/users/41', { as: 'admin' });
    await screen.findByText('No organisations.');
  });
});
