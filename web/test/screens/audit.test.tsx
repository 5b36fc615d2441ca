import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../shared/audit/entries';
import { licAdminContract, type AdminLicenseRow } from '../../../shared/contract/lic.admin';
import { USER_DETAIL_ROWS, userAdminContract } from '../../../shared/contract/user.admin';
import { userDetailPath } from '../../src/features/admin-users';
import { api } from '../support/fake-api';
import { ADMIN, adminLicenseRow, answerLicenseCatalogue, answerProfile, auditEntry, userInformation } from '../support/fixtures';
import { renderScreen } from '../support/render';

/**
 * The audit trail's screens: a license's History on All licenses, and the /audit page (filters, order,
 * CSV). What the server records and answers is test/integration/audit-trail.
 */

const OTHER_ADMIN = { id: 2, username: 'bo', email: 'bo@example.com', first_name: 'Bo', last_name: 'Admin' };
const json = (value: object) => JSON.stringify(value);

describe('History of a license', () => {
  async function openHistory(license: AdminLicenseRow, entries: AuditEntry[]) {
    answerProfile(ADMIN);
    answerLicenseCatalogue();
    api.answer(licAdminContract, 'get_all_licenses', { rows: [license], count: 1 });
    api.answer(licAdminContract, 'get_license_history', ({ page = 1, limit = 20 }) => ({ entries: entries.slice((page - 1) * limit, page * limit), count: entries.length }));
    const rendered = await renderScreen('/alllicenses', { as: 'admin', title: 'All licenses' });
    await rendered.user.click(await screen.findByRole('button', { name: `Actions for license ${license.id}` }));
    await rendered.user.click(await screen.findByRole('menuitem', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: `History of license ${license.id}` });
    return Object.assign(dialog, { user: rendered.user });
  }

  it('lists the changes newest first: when, who, what in words, each field before → after', async () => {
    const license = adminLicenseRow({ id: 7, user_id: 41, user: 'kim@example.com' });
    const dialog = await openHistory(license, [
      auditEntry({
        id: 3,
        at: '2026-03-03T09:15:00.000Z',
        action: 'move_license',
        by_user_id: OTHER_ADMIN.id,
        by_user_email: OTHER_ADMIN.email,
        before: json({ user_id: 41 }),
        after: json({ user_id: 12 }),
        people: [{ id: 41, email: 'kim@example.com' }, { id: 12, email: null }],
      }),
      auditEntry({ id: 2, at: '2026-03-02T09:15:00.000Z', action: 'add_license_addon', before: json({ addons: [] }), after: json({ addons: [{ id: 'Battery' }] }) }),
      auditEntry({ id: 1, at: '2026-03-01T09:15:00.000Z', before: json({ valid_to: '2026-01-01', license_usage_id: 4 }), after: json({ valid_to: '2027-01-01', license_usage_id: 2 }) }),
    ]);
    expect(api.calls(licAdminContract, 'get_license_history')).toEqual([{ license_id: 7, limit: 20, page: 1 }]);
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      // Users by their emails (one gone: by number), never as the ids stored.
      expect.stringMatching(/^Moved to User 12.*2026-03-0\d \d\d:\d\d UTC[-+\d:]* · bo@example\.com \(user 2\)Owner: kim@example\.com \(user 41\) → User 12$/),
      expect.stringMatching(/^Add-on Battery added.*admin@example\.com \(user 1\)Add-ons: none → Battery$/),
      expect.stringMatching(/^Edited.*admin@example\.com \(user 1\)/),
    ]);
    // One line per field (a date in it is kept whole in a span of its own).
    const lines = [...items[2]!.querySelectorAll('p')].map((line) => line.textContent);
    expect(lines).toEqual(expect.arrayContaining(['valid_to: 2026-01-01 → 2027-01-01', 'license_usage_id: 4 → 2']));
  });

  it('pages a long history, 20 a page, asking the server for each page', async () => {
    const entries = Array.from({ length: 45 }, (_, i) => auditEntry({ id: 45 - i, action: 'share_license', after: json({ shared_users: [45 - i] }) }));
    const dialog = await openHistory(adminLicenseRow({ id: 7 }), entries);
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(20);
    expect(api.calls(licAdminContract, 'get_license_history')).toEqual([{ license_id: 7, limit: 20, page: 1 }]);
    await dialog.user.click(within(dialog).getByLabelText('Page'));
    await dialog.user.click(await screen.findByRole('option', { name: '3' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(5));
    expect(within(within(dialog).getAllByRole('listitem')[0]!).getByText('Shared with User 5')).toBeTruthy();
    expect(api.calls(licAdminContract, 'get_license_history').at(-1)).toEqual({ license_id: 7, limit: 20, page: 3 });
  });

  it('says so when nothing is recorded yet', async () => {
    const dialog = await openHistory(adminLicenseRow({ id: 8 }), []);
    expect(await within(dialog).findByText('No changes recorded yet.')).toBeTruthy();
    expect(within(dialog).queryByRole('listitem')).toBeNull();
  });
});

describe('Audit trail page', () => {
  async function openAudit(entries: AuditEntry[], count = entries.length, path = '/audit') {
    answerProfile(ADMIN);
    api.answer(userAdminContract, 'get_admins', { admins: [{ ...ADMIN, username: 'admin' }, OTHER_ADMIN] });
    api.answer(userAdminContract, 'get_audit_entries', { entries, count });
    const rendered = await renderScreen(path, { as: 'admin', title: 'Audit trail' });
    await screen.findByText(`${count} ${count === 1 ? 'entry' : 'entries'}`);
    return rendered;
  }
  const lastCall = () => api.calls(userAdminContract, 'get_audit_entries').at(-1);

  it('asks for 20 newest first and shows each entry: when, admin, action, target, before → after, request id', async () => {
    await openAudit([auditEntry({ id: 5, request_id: 'req-abc' })]);
    expect(api.calls(userAdminContract, 'get_audit_entries')[0]).toEqual({ limit: 20, page: 1, order_by: 'at', descending: true });
    const table = screen.getByRole('table', { name: 'Audit entries' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent?.trim())).toEqual([
      expect.stringContaining('When'),
      expect.stringContaining('By'),
      expect.stringContaining('Action'),
      expect.stringContaining('Target'),
      'Before → After',
      'Request id',
    ]);
    const cells = within(table).getAllByRole('cell').map((td) => td.textContent);
    expect(cells[0]).toMatch(/^2026-03-01 \d\d:\d\d UTC[-+\d:]*$/);
    expect(cells.slice(1)).toEqual(['admin@example.com (user 1)', 'Editedlic/5/update_license', 'license#7', 'valid_to: 2026-01-01 → 2027-01-01', 'req-abc']);
    expect(within(table).getByRole('link', { name: 'admin@example.com (user 1)' }).getAttribute('href')).toBe(userDetailPath(1));
  });

  it('says a customer’s share in words with the names, under By (not Admin)', async () => {
    const CUSTOMER_ID = 41;
    await openAudit([
      auditEntry({
        id: 6,
        action: 'share_license',
        cmd: 'lic/5/share_license',
        by_user_id: CUSTOMER_ID,
        by_user_email: 'kim@example.com',
        before: json({ shared_count: 0, shared_users: [] }),
        after: json({ shared_count: 1, shared_users: [2] }),
        people: [{ id: 2, email: 'bo@example.com' }],
      }),
    ]);
    const table = screen.getByRole('table', { name: 'Audit entries' });
    const cells = within(table).getAllByRole('cell').map((td) => td.textContent);
    expect(cells.slice(1, 5)).toEqual([
      'kim@example.com (user 41)',
      'Shared with bo@example.com (user 2)lic/5/share_license',
      'license#7',
      'Shared with: nobody → bo@example.com (user 2)',
    ]);
    expect(within(table).queryByText(/shared_users|\[2\]/)).toBeNull();
  });

  it('sends each filter and the search, back at page 1', async () => {
    const { user } = await openAudit([auditEntry({ id: 1 })], 45, '/audit?page=2');
    expect(lastCall()).toMatchObject({ page: 2 });
    await user.click(screen.getByLabelText('Admin', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'bo@example.com (user 2)' }));
    await waitFor(() => expect(lastCall()).toEqual({ limit: 20, page: 1, order_by: 'at', descending: true, by_user_id: 2 }));
    await user.click(screen.getByLabelText('Action', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Disabled' }));
    await waitFor(() => expect(lastCall()).toMatchObject({ by_user_id: 2, action: 'disable_license' }));
    await user.type(screen.getByLabelText('From', { selector: 'input' }), '2026-03-01');
    await user.type(screen.getByLabelText('To', { selector: 'input' }), '2026-03-31');
    await waitFor(() => expect(lastCall()).toMatchObject({ by_user_id: 2, action: 'disable_license', from: '2026-03-01', to: '2026-03-31' }));
    await user.type(screen.getByLabelText('Search'), 'license#7');
    await waitFor(() => expect(lastCall()).toEqual({ limit: 20, page: 1, order_by: 'at', descending: true, by_user_id: 2, action: 'disable_license', from: '2026-03-01', to: '2026-03-31', search: 'license#7' }));
    // A day half typed is not sent.
    expect(api.calls(userAdminContract, 'get_audit_entries').some((call) => call.from !== undefined && call.from !== '2026-03-01')).toBe(false);
    // 45 entries, 20 a page.
    expect(screen.getByText('of 3')).toBeTruthy();
  });

  it('shows Creating CSV while the file is written, then a link that goes after time_alive', async () => {
    const { user } = await openAudit([auditEntry({ id: 1 })], 1, '/audit?action=enable_license');
    let finish: (answer: { filename: string; time_alive: number }) => void = () => {};
    api.answer(userAdminContract, 'get_audit_csv', () => new Promise((resolve) => (finish = resolve)));
    await user.click(screen.getByRole('button', { name: 'Create CSV' }));
    await screen.findByRole('button', { name: 'Creating CSV' });
    // The CSV holds what the filters keep, in the list's order.
    expect(api.calls(userAdminContract, 'get_audit_csv')).toEqual([{ order_by: 'at', descending: true, action: 'enable_license' }]);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      finish({ filename: 'audit.csv?expires=1&signature=x', time_alive: 60 });
      const link = await screen.findByRole('link', { name: 'Download CSV' });
      expect(link.getAttribute('href')).toBe('/umdata/audit.csv?expires=1&signature=x');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(59_000);
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

  it('says when the filters keep nothing', async () => {
    await openAudit([], 0, '/audit?action=close_case');
    expect(screen.getByText('No entry matches these filters.')).toBeTruthy();
  });
});

describe('User actions on the user detail', () => {
  it('reads audited changes in words with before → after, and older entries as before', async () => {
    answerProfile(ADMIN);
    answerLicenseCatalogue();
    api.answer(licAdminContract, 'get_all_licenses', { rows: [], count: 0 });
    const base = { product_id: null, from_user_id: 0, to_user_id: 0, by_user_id: ADMIN.id, from_user_email: null, to_user_email: null, by_user_email: ADMIN.email };
    api.answer(
      userAdminContract,
      'get_user_information',
      userInformation({
        user_id: 41,
        legacy: true,
        userActions: [
        { ...base, id: 'a3', created: '2026-03-03T10:00:00.000Z', action: 'set_user_legacy', license_id: null, cmd: 'user/set_user_legacy', target: 'user#41', before: json({ legacy: false }), after: json({ legacy: true }) },
        {
          ...base,
          id: 'a4',
          created: '2026-03-04T10:00:00.000Z',
          action: 'cancel_share_license',
          by_user_id: 41,
          by_user_email: 'kim@example.com',
          license_id: 7,
          cmd: 'lic/5/cancel_share_license',
          target: 'license#7',
          before: json({ shared_count: 1, shared_users: [12] }),
          after: json({ shared_count: 0, shared_users: [] }),
          people: [{ id: 12, email: 'fox@example.com' }],
        },
        { ...base, id: 'a2', created: '2026-03-02T10:00:00.000Z', action: 'update_license', license_id: 7, cmd: 'lic/5/update_license', target: 'license#7', before: json({ valid_to: '2026-01-01' }), after: json({ valid_to: '2027-01-01' }) },
        // Written before the audit trail: no cmd, target or values.
        { ...base, id: 'a1', created: '2026-02-01T10:00:00.000Z', action: 'move_license', license_id: 7, from_user_id: 41, to_user_id: 12, from_user_email: 'kim@example.com', to_user_email: null },
        ],
      }),
    );
    await renderScreen('/alllicenses/41', { as: 'admin' });
    const table = await screen.findByRole('table', { name: 'User actions' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows.map((cells) => cells.slice(1))).toEqual([
      ['Legacy purchases alloweduser#41', '', '', '', '', 'admin@example.com (user 1)', 'legacy: false → true'],
      ['Stopped sharing with fox@example.com (user 12)', '7', '', '', '', 'kim@example.com (user 41)', 'Shared with: fox@example.com (user 12) → nobody'],
      ['Edited', '7', '', '', '', 'admin@example.com (user 1)', 'valid_to: 2026-01-01 → 2027-01-01'],
      ['Move license', '7', '', 'kim@example.com (user 41)', 'User 12', 'admin@example.com (user 1)', ''],
    ]);
  });

  it('pages the actions and downloads 20 a page, and says where older actions are when it holds the newest it answers', async () => {
    answerProfile(ADMIN);
    answerLicenseCatalogue();
    api.answer(licAdminContract, 'get_all_licenses', { rows: [], count: 0 });
    const action = (n: number) => ({
      id: `a${n}`,
      created: '2026-03-03T10:00:00.000Z',
      action: 'move_license',
      license_id: n,
      product_id: null,
      from_user_id: 41,
      to_user_id: 12,
      by_user_id: 41,
    });
    const download = (n: number) => ({ id: `d${n}`, created: '2026-03-01T10:00:00.000Z', client_version: `3.${n}.0`, os: 'windows', arch: 'x64' });
    api.answer(
      userAdminContract,
      'get_user_information',
      userInformation({ user_id: 41, userActions: Array.from({ length: USER_DETAIL_ROWS }, (_, i) => action(i + 1)), userDownloads: Array.from({ length: 25 }, (_, i) => download(i + 1)) }),
    );
    const { user } = await renderScreen('/alllicenses/41', { as: 'admin' });
    const actions = await screen.findByRole('table', { name: 'User actions' });
    const licenseIds = () => within(screen.getByRole('table', { name: 'User actions' })).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[2]!.textContent);
    expect(licenseIds()).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    const section = actions.closest('section')!;
    within(section).getByText(`The newest ${USER_DETAIL_ROWS} actions: the Audit trail lists every one (search the user id).`);
    await user.click(within(section).getByLabelText('Page'));
    await user.click(await screen.findByRole('option', { name: '5' }));
    await waitFor(() => expect(licenseIds()).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 81))));
    // 25 downloads: two pages, and no note (fewer than the detail answers).
    const downloads = screen.getByRole('table', { name: 'User downloads' }).closest('section')!;
    expect(within(downloads).getAllByRole('row')).toHaveLength(21);
    expect(within(downloads).queryByText(/^The newest/)).toBeNull();
  });
});
