import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { userAdminContract } from '../../../shared/contract/user.admin';
import { theme } from '../../src/app/theme';
import { UserInfoDialog } from '../../src/features/admin-users/components/user-info-dialog';
import { api, refused } from '../support/fake-api';
import { adminLicenseRow, userInformation } from '../support/fixtures';
import { signInAs } from '../support/render';

/** The read-only user info dialog, as the users list opens it: a button that opens it for one user. */

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function Opener({ userId }: { userId: number }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Info
      </button>
      <UserInfoDialog userId={userId} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

function renderOpener(userId = 41) {
  signInAs('admin');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/users']}>
          <Routes>
            <Route path="*" element={<Opener userId={userId} />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return userEvent.setup({ pointerEventsCheck: 0 });
}

const download = (n: number) => ({ id: `d${n}`, created: `2026-03-${String(n).padStart(2, '0')}T10:00:00.000Z`, client_version: `3.${n}.0`, os: 'windows', arch: 'x64' });

describe('the read-only user info dialog', () => {
  it('reads nothing until it is opened, then shows who the user is, their counts and their latest downloads and actions', async () => {
    api.answer(
      userAdminContract,
      'get_user_information',
      userInformation({
        legacy: true,
        licenses: [adminLicenseRow({ id: 1 }), adminLicenseRow({ id: 2, expired: true, days: -3 })],
        products: [{ id: 5, created: '2026-02-01', uid: 'U5', product_id: 'Arc', hardware_version: '1', ean: '1', user_id: 41, license_id: null, banner: null, link: null }],
        userDownloads: [9, 8, 7, 6, 5, 4, 3].map(download),
        userActions: [
          {
            id: 'a1',
            created: '2026-02-01T10:00:00.000Z',
            action: 'move_license',
            license_id: 7,
            product_id: null,
            from_user_id: 41,
            to_user_id: 42,
            by_user_id: 41,
            from_user_email: 'kim@example.com',
            to_user_email: null,
          },
          // A share names no from or to user: the words name whom it concerns.
          {
            id: 'a0',
            created: '2026-01-31T10:00:00.000Z',
            action: 'share_license',
            license_id: 8,
            product_id: null,
            from_user_id: 0,
            to_user_id: 0,
            by_user_id: 41,
            before: JSON.stringify({ shared_count: 0, shared_users: [] }),
            after: JSON.stringify({ shared_count: 1, shared_users: [42] }),
            people: [{ id: 42, email: 'bo@example.com' }],
          },
        ],
      }),
    );
    const user = renderOpener();
    expect(api.calls(userAdminContract, 'get_user_information')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Info' }));
    const dialog = await screen.findByRole('dialog', { name: 'User information: user 41' });
    await within(dialog).findByText('kim@example.com');
    const value = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(value('User id')).toBe('41');
    expect(value('Name')).toBe('Kim Lee');
    expect(value('Company')).toBe('Test Co');
    expect(value('Legacy purchases')).toBe('Allowed');
    expect(value('Licenses')).toBe('2 (1 active)');
    expect(value('Products')).toBe('1');
    expect(value('Cases')).toBe('0');
    expect(api.calls(userAdminContract, 'get_user_information')).toEqual([{ user_id: 41 }]);

    // The latest five downloads, newest first; the action names both users as an admin sees them.
    const downloads = within(dialog).getByRole('table', { name: 'Latest downloads' });
    expect(within(downloads).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['3.9.0', '3.8.0', '3.7.0', '3.6.0', '3.5.0']);
    const actions = within(dialog).getByRole('table', { name: 'Latest actions' });
    const rows = within(actions).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent).slice(1));
    expect(rows).toEqual([
      ['Move license', 'License 7', 'kim@example.com (user 41)', 'User 42'],
      // Never "User 0" in From and To.
      ['Shared with bo@example.com (user 42)', 'License 8', '', ''],
    ]);
    // Read only: nothing in it changes the user.
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent)).toEqual(['Close']);
  });

  it('says so when the user has no downloads or actions, and closes with its Close button', async () => {
    api.answer(userAdminContract, 'get_user_information', userInformation());
    const user = renderOpener();
    await user.click(screen.getByRole('button', { name: 'Info' }));
    const dialog = await screen.findByRole('dialog', { name: 'User information: user 41' });
    await within(dialog).findByText('No downloads yet.');
    within(dialog).getByText('No actions yet.');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the user detail at /users/{id} and closes', async () => {
    api.answer(userAdminContract, 'get_user_information', userInformation({ user_id: 77 }));
    const user = renderOpener(77);
    await user.click(screen.getByRole('button', { name: 'Info' }));
    const dialog = await screen.findByRole('dialog', { name: 'User information: user 77' });
    await user.click(await within(dialog).findByRole('link', { name: 'Open user detail' }));
    expect(screen.getByTestId('where').textContent).toBe('/users/77');
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the API’s message when the user cannot be read', async () => {
    api.answer(userAdminContract, 'get_user_information', refused('User 404 not found', 404));
    const user = renderOpener(404);
    await user.click(screen.getByRole('button', { name: 'Info' }));
    const dialog = await screen.findByRole('dialog', { name: 'User information: user 404' });
    await within(dialog).findByText('User 404 not found');
  });
});
