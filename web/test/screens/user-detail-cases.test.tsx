import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Case } from '../../../shared/contract/case';
import { licAdminContract } from '../../../shared/contract/lic.admin';
import { userAdminContract } from '../../../shared/contract/user.admin';
import { api } from '../support/fake-api';
import { ADMIN, answerLicenseCatalogue, answerProfile, userInformation } from '../support/fixtures';
import { renderScreen } from '../support/render';

/** The admin user detail's Cases table: the user's support cases, each opening its case. */

const KIM = { id: 41, email: 'kim@example.com' };

const supportCase = (fields: Partial<Case> & Pick<Case, 'id' | 'title' | 'state'>): Case => ({
  description: 'It stops',
  user_id: KIM.id,
  name: 'Kim Lee',
  email: KIM.email,
  created: '2026-03-01T10:00:00.000Z',
  updated: '2026-03-02T10:00:00.000Z',
  assigned_to: null,
  attachment_count: 0,
  ...fields,
});

function answerDetail(cases: Case[]) {
  answerProfile(ADMIN);
  answerLicenseCatalogue();
  api.answer(licAdminContract, 'get_all_licenses', { rows: [], count: 0 });
  api.answer(userAdminContract, 'get_user_information', userInformation({ user_id: KIM.id, email: KIM.email, cases }));
}

describe('the user detail’s Cases', () => {
  it('lists the user’s cases with their state in words, each a link to the case', async () => {
    answerDetail([supportCase({ id: 12, title: 'Logger stops', state: 3, attachment_count: 2 }), supportCase({ id: 9, title: 'Old question', state: 0 })]);
    await renderScreen(`/alllicenses/${KIM.id}`, { as: 'admin' });
    const table = await screen.findByRole('table', { name: 'Cases' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['12', 'Logger stops', 'Waiting for admin response', '2026-03-02', '2'],
      ['9', 'Old question', 'Closed', '2026-03-02', '0'],
    ]);
    expect(within(table).getByRole('link', { name: 'Case 12' }).getAttribute('href')).toBe('/cases/12');
  });

  it('says so when the user has none', async () => {
    answerDetail([]);
    await renderScreen(`/alllicenses/${KIM.id}`, { as: 'admin' });
    await screen.findByText('No support cases.');
  });
});

describe('the user detail at both addresses', () => {
  it('shows the same detail at /users/{id}, with its back link to the users list', async () => {
    answerDetail([supportCase({ id: 12, title: 'Logger stops', state: 3 })]);
    await renderScreen(`/users/${KIM.id}`, { as: 'admin', title: 'User details' });
    await screen.findByRole('table', { name: 'Cases' });
    screen.getByText(KIM.email);
    screen.getByRole('checkbox', { name: 'Allow legacy purchases' });
    expect(screen.getByRole('link', { name: '← Back to users' }).getAttribute('href')).toBe('/users');
  });

  it('goes back to all licenses from /alllicenses/{id}', async () => {
    answerDetail([]);
    await renderScreen(`/alllicenses/${KIM.id}`, { as: 'admin', title: 'User details' });
    expect(screen.getByRole('link', { name: '← Back to all licenses' }).getAttribute('href')).toBe('/alllicenses');
  });
});
