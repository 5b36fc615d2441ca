import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseContract, type Case } from '../../../shared/contract/case';
import { userAdminContract, type UserListRow } from '../../../shared/contract/user.admin';
import { api } from '../support/fake-api';
import { ADMIN, CUSTOMER, answerProfile } from '../support/fixtures';
import { renderScreen } from '../support/render';

/**
 * Dates and times as an admin west of UTC reads them (St John's, UTC-3:30 in November, as CI's machine
 * is): a stored day stays that day, a moment shows its local day, and a time of day names its zone.
 * Node reads TZ again whenever it is set; the machine's own zone is put back for the worker's next file.
 */
const machineZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/St_Johns';
});
afterAll(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

const cellsOf = (text: string) =>
  within(screen.getByRole('cell', { name: text }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('dates west of UTC', () => {
  it("shows Users' Last active as the day stored, and Created as the admin's day", async () => {
    const row: UserListRow = {
      id: 7,
      created: '2026-03-01T02:00:00Z',
      last_active: '2026-11-20',
      email: 'west@example.com',
      first_name: 'Wes',
      last_name: 'Tern',
      company: 'Harbour Ltd',
      arc: 0,
      ace: 0,
      pro: 0,
      automation: 0,
      battery: 0,
    };
    answerProfile(ADMIN);
    api.answer(userAdminContract, 'get_users', { users: [row], count: 1 });
    await renderScreen('/users', { as: 'admin', title: 'Users' });
    await screen.findByRole('cell', { name: row.email });
    // Created 02:00 UTC on 1 March is 22:30 on 28 February in St John's.
    expect(cellsOf(row.email).slice(1, 3)).toEqual(['2026-02-28', '2026-11-20']);
  });

  it("shows a case's last update, comments and history with the time of day and its zone", async () => {
    const supportCase: Case = {
      id: 61,
      title: 'Logger drops samples',
      description: 'Every tenth sample is missing.',
      user_id: CUSTOMER.id,
      name: 'Dana Scully',
      email: CUSTOMER.email,
      created: '2026-11-01T10:00:00Z',
      updated: '2026-11-02T01:15:00Z',
      state: 1,
      assigned_to: null,
      attachment_count: 0,
    };
    answerProfile(ADMIN);
    api.answer(caseContract, 'get_cases', { cases: [supportCase], count: 1 });
    api.answer(userAdminContract, 'get_admins', { admins: [{ id: ADMIN.id, username: 'admin', email: ADMIN.email, first_name: 'Ada', last_name: 'Admin' }] });
    api.answer(caseContract, 'get_case', {
      ...supportCase,
      comments: [{ id: 1, comment: 'Which firmware?', user_id: CUSTOMER.id, created: '2026-11-02T01:15:00Z', by_admin: false }],
      earlier_comments: false,
      attachments: [],
      history: [{ at: '2026-11-01T10:00:00Z', by_user_id: CUSTOMER.id, kind: 'state', from_state: null, to_state: 1, assigned_to: null }],
    });
    await renderScreen(`/cases/${supportCase.id}`, { as: 'admin', title: 'Case' });
    // 01:15 UTC on 2 November is 21:45 on 1 November in St John's.
    // The comment's author and time.
    expect(await screen.findByText(/^Dana Scully, 2026-11-01 21:45 UTC-3:30$/)).toBeTruthy();
    // The history: opened at 10:00 UTC, 06:30 in St John's.
    expect(await screen.findByText('2026-11-01 06:30 UTC-3:30')).toBeTruthy();
    // The list's last update.
    expect(screen.getAllByRole('cell', { hidden: true }).map((cell) => cell.textContent)).toContain('2026-11-01 21:45 UTC-3:30');
  });
});
