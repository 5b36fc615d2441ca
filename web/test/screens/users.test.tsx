import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userAdminContract, type UserListRow } from '../../../shared/contract/user.admin';
import { api } from '../support/fake-api';
import { licAdminContract } from '../../../shared/contract/lic.admin';
import { ADMIN, answerLicenseCatalogue, answerProfile, userInformation } from '../support/fixtures';
import { currentPath, renderScreen } from '../support/render';

/** The admin users list: what it asks the server for and what it shows. The server side is test/integration/users-list. */

let nextId = 500;
function userRow(fields: Partial<UserListRow> = {}): UserListRow {
  const id = nextId++;
  return {
    id,
    created: '2026-03-01T10:00:00Z',
    last_active: '2026-11-20',
    email: `user${id}@example.com`,
    first_name: 'Ada',
    last_name: `Lovelace ${id}`,
    company: 'Engines Ltd',
    arc: 0,
    ace: 0,
    pro: 0,
    automation: 0,
    battery: 0,
    ...fields,
  };
}

async function openUsers(users: UserListRow[], count = users.length) {
  answerProfile(ADMIN);
  api.answer(userAdminContract, 'get_users', { users, count });
  const rendered = await renderScreen('/users', { as: 'admin', title: 'Users' });
  // An email's cell reads as the whole email, though it may wrap before its "@".
  await screen.findByRole('cell', { name: users[0]!.email });
  return rendered;
}

const rowOf = (email: string) => {
  const row = screen.getByRole('cell', { name: email }).closest('tr');
  if (!row) throw new Error(`No row for ${email}`);
  return row;
};

describe('Admin users', () => {
  it("opens a user's information read-only from their row, and closes it again", async () => {
    const row = userRow({ company: 'Row Co' });
    api.answer(userAdminContract, 'get_user_information', ({ user_id }) =>
      userInformation({ user_id, email: row.email, first_name: row.first_name, last_name: row.last_name, company: row.company }),
    );
    const { user } = await openUsers([row]);
    await user.click(within(rowOf(row.email)).getByRole('button', { name: `Info for user ${row.id}` }));
    const dialog = await screen.findByRole('dialog', { name: `User information: user ${row.id}` });
    await within(dialog).findByText('Row Co');
    expect(api.calls(userAdminContract, 'get_user_information')).toEqual([{ user_id: row.id }]);
    expect(within(dialog).getByRole('link', { name: 'Open user detail' }).getAttribute('href')).toBe(`/users/${row.id}`);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for the first 100 by id ascending, links each id to the user, and hides zero counts', async () => {
    const held = userRow({ arc: 2, pro: 1 });
    const none = userRow();
    await openUsers([held, none]);
    expect(api.calls(userAdminContract, 'get_users')[0]).toMatchObject({ limit: 100, page: 1, order_by: 'id', descending: false });
    expect(within(rowOf(held.email)).getByRole('link', { name: String(held.id) }).getAttribute('href')).toBe(`/users/${held.id}`);
    const cells = (email: string) => within(rowOf(email)).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(held.email).slice(7)).toEqual(['2', '', '1', '', '']);
    expect(cells(none.email).slice(7)).toEqual(['', '', '', '', '']);
  });

  it('searches, filters by license type, sorts by a header and pages with the dropdown', async () => {
    const { user } = await openUsers([userRow()], 1234);
    await user.type(screen.getByLabelText('Search'), 'engines');
    await waitFor(() => expect(api.calls(userAdminContract, 'get_users').at(-1)).toMatchObject({ search: 'engines', page: 1 }));
    await user.selectOptions(screen.getByLabelText('License type'), 'Pro');
    await waitFor(() => expect(api.calls(userAdminContract, 'get_users').at(-1)).toMatchObject({ search: 'engines', license_type: 'Pro' }));
    await user.click(screen.getByRole('button', { name: /Email/ }));
    await waitFor(() => expect(api.calls(userAdminContract, 'get_users').at(-1)).toMatchObject({ order_by: 'email', descending: false, license_type: 'Pro' }));
    // 1234 users, 100 a page: 13 pages, offered in a dropdown.
    expect(screen.getByText('1,234 users')).toBeTruthy();
    expect(screen.getByText('of 13')).toBeTruthy();
    expect(screen.getByLabelText('Page')).toBeTruthy();
  });

  it('reaches any page in one step: the dropdown opens on ten pages, and a typed number offers its page', async () => {
    // 25,000 users, 100 a page: 250 pages.
    const { user } = await openUsers([userRow()], 25_000);
    expect(screen.getByText('of 250')).toBeTruthy();
    const pageField = screen.getByRole('combobox', { name: 'Page' });
    await user.click(pageField);
    const offered = async () => within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(await offered()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    await user.keyboard('250');
    await waitFor(async () => expect(await offered()).toEqual(['250']));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.calls(userAdminContract, 'get_users').at(-1)).toMatchObject({ page: 250 }));
    expect(window.location.search).toContain('page=250');
    await waitFor(() => expect(pageField).toHaveProperty('value', '250'));

    // A number no page has offers nothing, and leaves the list where it is.
    await user.click(pageField);
    await user.keyboard('999');
    await screen.findByText('No such page');
    await user.keyboard('{Enter}');
    expect(api.calls(userAdminContract, 'get_users').at(-1)).toMatchObject({ page: 250 });
  });

  it("returns from a user's detail to the same search, filter, order and page", async () => {
    const row = userRow();
    const { user } = await openUsers([row], 1234);
    await user.type(screen.getByLabelText('Search'), 'engines');
    // The search goes to the address after a pause in typing (and back to page 1): wait for it.
    await waitFor(() => expect(api.calls(userAdminContract, 'get_users').at(-1)).toMatchObject({ search: 'engines' }));
    await user.selectOptions(screen.getByLabelText('License type'), 'Pro');
    await user.click(screen.getByRole('button', { name: /Email/ }));
    await user.click(screen.getByRole('combobox', { name: 'Page' }));
    await user.click(await screen.findByRole('option', { name: '3' }));
    await waitFor(() => expect(api.calls(userAdminContract, 'get_users').at(-1)).toMatchObject({ page: 3 }));
    const listAddress = currentPath();

    answerLicenseCatalogue();
    api.answer(userAdminContract, 'get_user_information', ({ user_id }) => userInformation({ user_id, email: row.email }));
    api.answer(licAdminContract, 'get_all_licenses', { rows: [], count: 0 });
    await user.click(within(rowOf(row.email)).getByRole('link', { name: String(row.id) }));
    await screen.findByRole('heading', { name: 'User details', level: 2 });
    await user.click(screen.getByRole('link', { name: /Back to users/ }));

    await screen.findByRole('heading', { name: 'Users', level: 2 });
    expect(currentPath()).toBe(listAddress);
    await waitFor(() => expect(screen.getByLabelText('Search')).toHaveProperty('value', 'engines'));
    expect(screen.getByLabelText('License type')).toHaveProperty('value', 'Pro');
    // The dropdown knows page 3 once the page's answer (its count) is in.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Page' })).toHaveProperty('value', '3'));
    expect(api.calls(userAdminContract, 'get_users').at(-1)).toMatchObject({ search: 'engines', license_type: 'Pro', order_by: 'email', page: 3 });
  });

  it('shows no page dropdown for one page', async () => {
    await openUsers([userRow()], 100);
    expect(screen.getByText('100 users')).toBeTruthy();
    expect(screen.queryByLabelText('Page')).toBeNull();
    expect(screen.queryByText(/^of \d+$/)).toBeNull();
  });

  it('shows Creating CSV while the file is written, then a link that goes after time_alive', async () => {
    const { user } = await openUsers([userRow()]);
    let finish: (answer: { filename: string; time_alive: number }) => void = () => {};
    api.answer(userAdminContract, 'get_users_csv', () => new Promise((resolve) => (finish = resolve)));
    await user.click(screen.getByRole('button', { name: 'Create CSV' }));
    await screen.findByRole('button', { name: 'Creating CSV' });
    expect(api.calls(userAdminContract, 'get_users_csv')).toEqual([{ order_by: 'id', descending: false }]);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      finish({ filename: 'abc.csv?expires=1&signature=x', time_alive: 30 });
      const link = await screen.findByRole('link', { name: 'Download CSV' });
      expect(link.getAttribute('href')).toBe('/umdata/abc.csv?expires=1&signature=x');
      expect(screen.getByRole('button', { name: 'Create CSV' })).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(29_000);
      });
      expect(screen.getByRole('link', { name: 'Download CSV' })).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2_000);
      });
      expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
