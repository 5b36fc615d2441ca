import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { caseAdminContract } from '../../../shared/contract/case.admin';
import { caseContract, type Case, type CaseAttachment, type CaseComment, type CaseEvent } from '../../../shared/contract/case';
import { licContract, type LicenseRow } from '../../../shared/contract/lic';
import { productContract, type Product } from '../../../shared/contract/product';
import { userAdminContract } from '../../../shared/contract/user.admin';
import { api, refused } from '../support/fake-api';
import { ADMIN, CUSTOMER, answerProfile, userInformation } from '../support/fixtures';
import { apiMessages } from '../../../shared/api';
import { caseTexts } from '../../src/features/cases/messages';
import { currentPath, renderScreen } from '../support/render';
import { findConfirmation, findNotification } from '../support/results';

/**
 * Cases: the list's filters and what they send, and the case dialog's forms. The server's side (states,
 * ownership, limits) is test/integration's; a real browser's round trip is test/e2e's.
 */

let nextId = 500;
function supportCase(fields: Partial<Case> = {}): Case {
  const id = nextId++;
  return {
    id,
    title: `Logger drops samples ${id}`,
    description: 'Since the last update the logger drops every tenth sample.',
    user_id: CUSTOMER.id,
    name: 'Dana Scully',
    email: CUSTOMER.email,
    created: '2026-11-01T10:00:00Z',
    updated: '2026-11-02T10:00:00Z',
    state: 1,
    assigned_to: null,
    attachment_count: 0,
    ...fields,
  };
}

const OTHER_ADMIN = { id: 2, username: 'sam', email: 'sam@example.com', first_name: 'Sam', last_name: 'Support' };

/** A license of the customer's as get_licenses answers it. */
const OWN_LICENSE: LicenseRow = {
  id: 31,
  user_id: CUSTOMER.id,
  created: '2026-01-05',
  license_type_id: 'Battery',
  license_usage_id: 4,
  license_usage: 'Standard',
  enabled: true,
  valid_from: '2026-01-01',
  valid_to: null,
  tag: null,
  reserved_to: null,
  fingerprint: null,
  hostname: null,
  expired: false,
  days: null,
  hid: null,
  subscription_id: null,
  subscription_state: null,
  shared_count: 0,
  addons: [],
  shared_users: [],
  shared_by: null,
};
/** A registered unit of the customer's as get_products answers it. */
const OWN_PRODUCT: Product = {
  id: 12,
  created: '2026-01-01T00:00:00.000Z',
  product_id: 'Arc',
  uid: 'ARC000123',
  hardware_version: '2',
  user_id: CUSTOMER.id,
  license_id: null,
  ean: '',
  banner: null,
  link: null,
};

async function openCases(as: 'customer' | 'admin', cases: Case[], path = '/cases') {
  answerProfile(as === 'admin' ? ADMIN : CUSTOMER);
  // What the new-case form offers to name.
  api.answer(licContract, 'get_licenses', { licenses: [OWN_LICENSE] });
  api.answer(productContract, 'get_products', { products: [OWN_PRODUCT] });
  api.answer(caseContract, 'get_cases', { cases, count: cases.length });
  api.answer(userAdminContract, 'get_admins', { admins: [{ id: ADMIN.id, username: 'admin', email: ADMIN.email, first_name: 'Ada', last_name: 'Admin' }, OTHER_ADMIN] });
  const rendered = await renderScreen(path, { as, title: path === '/cases' ? 'Cases' : 'Case' });
  if (cases[0]) await screen.findAllByText(cases[0].title);
  return rendered;
}

function answerCase(detail: Case, extra: Partial<Parameters<typeof caseDetail>[1]> = {}) {
  api.answer(caseContract, 'get_case', caseDetail(detail, extra));
}

interface DetailExtras {
  comments?: CaseComment[];
  attachments?: CaseAttachment[];
  history?: CaseEvent[];
  license?: { id: number; license_type_id: 'Battery' } | null;
  product?: { id: number; product_id: string; uid: string } | null;
  earlier_comments?: boolean;
}

function caseDetail(detail: Case, { comments = [], attachments = [], ...rest }: DetailExtras = {}) {
  return { ...detail, comments, attachments, earlier_comments: false, ...rest };
}

const lastCall = () => api.calls(caseContract, 'get_cases').at(-1);

describe('Cases list', () => {
  it('shows the open cases first, 20 a page, last updated first, each state in words', async () => {
    const waiting = supportCase({ state: 3 });
    await openCases('customer', [waiting, supportCase({ state: 2 })]);
    expect(lastCall()).toEqual({ limit: 20, page: 1, order_by: 'updated', descending: true, state: [1, 2, 3] });
    expect(screen.getByRole('radio', { name: 'Open' })).toHaveProperty('checked', true);
    expect(within(screen.getByText(waiting.title).closest('tr')!).getByText('Waiting for admin response')).toBeTruthy();
    expect(screen.getByText('Waiting for user response')).toBeTruthy();
  });

  it('asks for the states of the filter chosen', async () => {
    const { user } = await openCases('customer', [supportCase()]);
    await user.click(screen.getByRole('radio', { name: 'Closed' }));
    await waitFor(() => expect(lastCall()?.state).toEqual([0]));
    await user.click(screen.getByRole('radio', { name: 'Waiting for admin response' }));
    await waitFor(() => expect(lastCall()?.state).toEqual([1, 3]));
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(lastCall()?.state).toEqual([0, 1, 2, 3]));
  });

  it('offers a customer no search, user or assignee filter', async () => {
    await openCases('customer', [supportCase()]);
    expect(screen.queryByLabelText('Search')).toBeNull();
    expect(screen.queryByLabelText('User id')).toBeNull();
    expect(screen.queryByLabelText('Assigned to me')).toBeNull();
  });

  it("lets an admin filter by search, user and their own assignment, and shows the customer's email", async () => {
    const row = supportCase({ assigned_to: OTHER_ADMIN.id });
    const { user } = await openCases('admin', [row]);
    const tableRow = screen.getByText(row.title).closest('tr')!;
    expect(within(tableRow).getByText(CUSTOMER.email)).toBeTruthy();
    expect(await within(tableRow).findByText('Sam Support')).toBeTruthy();
    await user.click(screen.getByLabelText('Assigned to me'));
    await waitFor(() => expect(lastCall()?.assigned_to).toBe(ADMIN.id));
    await user.type(screen.getByLabelText('User id'), '7');
    await waitFor(() => expect(lastCall()?.user).toBe(7));
    await user.type(screen.getByLabelText('Search'), 'logger');
    await waitFor(() => expect(lastCall()?.search).toBe('logger'));
    expect(lastCall()?.state).toEqual([1, 2, 3]);
  });

  it('opens a case from anywhere on its row', async () => {
    const row = supportCase();
    answerCase(row);
    const { user } = await openCases('customer', [row]);
    await user.click(screen.getByText(row.title));
    expect(await screen.findByRole('dialog', { name: `Case ${row.id}` })).toBeTruthy();
    expect(currentPath()).toBe(`/cases/${row.id}`);
  });

  /** A customer's empty Open list, `closed` of their cases being closed (the All list's count). */
  const openEmptyList = async (closed: number) => {
    answerProfile(CUSTOMER);
    api.answer(caseContract, 'get_cases', ({ state }) => ({ cases: [], count: state?.length === 4 ? closed : 0 }));
    await renderScreen('/cases', { as: 'customer', title: 'Cases' });
  };

  it('says how to open a case when there are none', async () => {
    await openEmptyList(0);
    await screen.findByText(/^No cases yet\. To ask support something, press New case/);
    expect(screen.queryByText('No cases match the filters.')).toBeNull();
  });

  it('says the filters hide the cases only when they do', async () => {
    await openEmptyList(2);
    expect(await screen.findByText('No cases match the filters.')).toBeTruthy();
    expect(screen.queryByText(/^No cases yet/)).toBeNull();
  });

  it('lets support list the cases assigned to nobody, instead of their own', async () => {
    const { user } = await openCases('admin', [supportCase()]);
    await user.click(screen.getByLabelText('Assigned to me'));
    await waitFor(() => expect(lastCall()?.assigned_to).toBe(ADMIN.id));
    await user.click(screen.getByLabelText('Unassigned'));
    await waitFor(() => expect(lastCall()?.assigned_to).toBe(0));
    expect(screen.getByLabelText('Assigned to me')).toHaveProperty('checked', false);
    expect(currentPath()).toContain('unassigned=1');
  });

  it('shows how long each open case has waited since it last changed, and nothing for a closed one', async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    const waiting = supportCase({ state: 3, updated: hoursAgo(3 * 24 + 2) });
    const fresh = supportCase({ state: 1, updated: hoursAgo(5) });
    const closed = supportCase({ state: 0, updated: hoursAgo(48) });
    await openCases('admin', [waiting, fresh, closed]);
    const stateCell = (row: Case) => within(screen.getByText(row.title).closest('tr')!).getAllByRole('cell')[3]!.textContent;
    expect(stateCell(waiting)).toBe('Waiting for admin responsefor 3 days');
    expect(stateCell(fresh)).toBe('Newfor 5 hours');
    expect(stateCell(closed)).toBe('Closed');
  });
});

describe('Case dialog', () => {
  it('opens a new case only once it has a description line and a comment, then shows it', async () => {
    const { user } = await openCases('customer', [supportCase()]);
    api.answer(caseContract, 'create_case', { id: 900 });
    answerCase(supportCase({ id: 900, title: 'Cannot activate' }));
    await user.click(screen.getByRole('button', { name: 'New case' }));
    const dialog = await screen.findByRole('dialog', { name: 'New case' });
    const send = within(dialog).getByRole('button', { name: 'Open case' });
    expect(send).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText(/^Description/), 'Cannot activate');
    expect(send).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Comment'), '   ');
    expect(send).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Comment'), 'The key is refused.');
    expect(send).toHaveProperty('disabled', false);
    await user.click(send);
    await findNotification('Case 900 opened');
    expect(api.calls(caseContract, 'create_case')).toEqual([{ title: 'Cannot activate', description: '   The key is refused.' }]);
    expect(await screen.findByRole('dialog', { name: 'Case 900' })).toBeTruthy();
  });

  it('opens a new case with its file in one step', async () => {
    const { user } = await openCases('customer', [supportCase()]);
    api.answer(caseContract, 'create_case', { id: 901 });
    answerCase(supportCase({ id: 901, title: 'Drift' }));
    const target = 'http://storage.test/staging';
    api.acceptUploads(target);
    api.answer(caseContract, 'create_attachment_upload', ({ case_id, filename, size }) => ({
      attachment: { id: 77, case_id, uploaded: '2026-11-02T11:00:00Z', state: 'uploading' as const, filename, user_id: CUSTOMER.id, size, content_type: 'text/plain', link: null, can_delete: true },
      upload: { url: target, fields: { key: 'f00d', policy: 'signed' }, expires: '2026-11-02T12:00:00Z' },
    }));
    api.answer(caseContract, 'complete_attachment_upload', ({ attachment_id }) => ({
      id: attachment_id, case_id: 901, uploaded: '2026-11-02T11:00:00Z', state: 'stored' as const, filename: 'drift.log', user_id: CUSTOMER.id, size: 7, content_type: 'text/plain', link: '/attachments/901/77/drift.log?expires=1&signature=x', can_delete: true,
    }));
    await user.click(screen.getByRole('button', { name: 'New case' }));
    const dialog = await screen.findByRole('dialog', { name: 'New case' });
    await user.type(within(dialog).getByLabelText(/^Description/), 'Drift');
    await user.type(within(dialog).getByLabelText('Comment'), 'Readings drift.');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['line 1\n'], 'drift.log', { type: 'text/plain' }));
    expect(within(dialog).getByText('drift.log')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Open case' }));
    await findNotification('Case 901 opened with drift.log');
    expect(api.calls(caseContract, 'create_attachment_upload')).toEqual([{ case_id: 901, filename: 'drift.log', size: 7 }]);
    expect(api.calls(caseContract, 'complete_attachment_upload')).toEqual([{ attachment_id: 77 }]);
    expect(await screen.findByRole('dialog', { name: 'Case 901' })).toBeTruthy();
  });

  it('lets an admin open a case for a customer by user id, showing their email once found, and sends it as user_id', async () => {
    const { user } = await openCases('admin', [supportCase()]);
    api.answer(userAdminContract, 'get_user_information', ({ user_id }) => (user_id === CUSTOMER.id ? userInformation({ user_id, email: CUSTOMER.email }) : refused(apiMessages.userNotFound(user_id), 404)));
    api.answer(caseContract, 'create_case', { id: 902 });
    answerCase(supportCase({ id: 902, title: 'Called about drift' }));
    await user.click(screen.getByRole('button', { name: 'New case' }));
    const dialog = await screen.findByRole('dialog', { name: 'New case' });
    const customerField = within(dialog).getByLabelText('Open a case for a customer (user id)');
    await user.type(within(dialog).getByLabelText(/^Description/), 'Called about drift');
    await user.type(within(dialog).getByLabelText('Comment'), 'Dana called: readings drift.');
    const send = within(dialog).getByRole('button', { name: 'Open case' });

    await user.type(customerField, 'x');
    expect(await within(dialog).findByText('A user id is a whole number above 0')).toBeTruthy();
    expect(send).toHaveProperty('disabled', true);
    await user.clear(customerField);
    await user.type(customerField, '99');
    expect(await within(dialog).findByText(apiMessages.userNotFound(99))).toBeTruthy();
    await user.clear(customerField);
    await user.type(customerField, String(CUSTOMER.id));
    expect(await within(dialog).findByText(caseTexts.forCustomerFound(CUSTOMER.email))).toBeTruthy();
    // The subject list holds the admin's own licenses and products: not offered for a customer.
    expect(within(dialog).queryByLabelText(caseTexts.subjectField)).toBeNull();

    await user.click(send);
    await findNotification('Case 902 opened');
    expect(api.calls(caseContract, 'create_case')).toEqual([{ title: 'Called about drift', description: 'Dana called: readings drift.', user_id: CUSTOMER.id }]);
  });

  it('offers a customer no customer field', async () => {
    const { user } = await openCases('customer', [supportCase()]);
    await user.click(screen.getByRole('button', { name: 'New case' }));
    const dialog = await screen.findByRole('dialog', { name: 'New case' });
    expect(within(dialog).queryByLabelText('Open a case for a customer (user id)')).toBeNull();
  });

  it('shows the comments with who and when, counts what is written, and comments and closes', async () => {
    const open = supportCase({ state: 2 });
    answerCase(open, {
      comments: [
        { id: 1, comment: 'Which firmware?', user_id: ADMIN.id, created: '2026-11-02T09:00:00Z', by_admin: true },
        { id: 2, comment: 'Version 3.2', user_id: CUSTOMER.id, created: '2026-11-02T10:00:00Z', by_admin: false },
      ],
    });
    api.answer(caseContract, 'add_comment', ({ case_id }) => ({ case_id, comment_id: 3, state: 0 }));
    const { user } = await openCases('customer', [open], `/cases/${open.id}`);
    const dialog = await screen.findByRole('dialog', { name: `Case ${open.id}` });
    expect(await within(dialog).findByText('Which firmware?')).toBeTruthy();
    expect(within(dialog).getByText(/^Support,/)).toBeTruthy();
    expect(within(dialog).getByText(/^Dana Scully,/)).toBeTruthy();

    expect(within(dialog).getByText('0 / 65,535 characters')).toBeTruthy();
    const closeButton = within(dialog).getByRole('button', { name: 'Comment and close' });
    expect(closeButton).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Add comment' })).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Comment'), 'Solved, thanks');
    expect(within(dialog).getByText('14 / 65,535 characters')).toBeTruthy();
    await user.click(closeButton);
    await findNotification(`Comment added and case ${open.id} closed`);
    expect(api.calls(caseContract, 'add_comment')).toEqual([{ case_id: open.id, comment: 'Solved, thanks', close: true }]);
    expect(within(dialog).getByLabelText('Comment')).toHaveProperty('value', '');
  });

  it('shows the newest comments, and the earlier ones page by page on Show earlier comments', async () => {
    const open = supportCase({ state: 3 });
    const comment = (id: number, text: string): CaseComment => ({ id, comment: text, user_id: CUSTOMER.id, created: '2026-11-02T10:00:00Z', by_admin: false });
    answerCase(open, { comments: [comment(30, 'The newest')], earlier_comments: true });
    api.answer(caseContract, 'get_case_comments', ({ before }) =>
      before === 30 ? { comments: [comment(20, 'An earlier one')], earlier_comments: true } : { comments: [comment(10, 'The first')], earlier_comments: false },
    );
    const { user } = await openCases('customer', [open], `/cases/${open.id}`);
    const dialog = await screen.findByRole('dialog', { name: `Case ${open.id}` });
    expect(await within(dialog).findByText('The newest')).toBeTruthy();
    expect(within(dialog).queryByText('An earlier one')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Show earlier comments' }));
    expect(await within(dialog).findByText('An earlier one')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Show earlier comments' }));
    expect(await within(dialog).findByText('The first')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Show earlier comments' })).toBeNull();
    const texts = within(dialog).getAllByRole('listitem').map((item) => item.textContent);
    expect(texts.findIndex((text) => text?.includes('The first'))).toBeLessThan(texts.findIndex((text) => text?.includes('The newest')));
    expect(api.calls(caseContract, 'get_case_comments')).toEqual([{ case_id: open.id, before: 30 }, { case_id: open.id, before: 20 }]);
  });

  it('renews the download links before they end while the case stays open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const open = supportCase({ state: 3 });
      const linkUntil = (seconds: number) => `/attachments/${open.id}/41/trace.csv?expires=${Math.floor(Date.now() / 1000) + seconds}&signature=${seconds}`;
      const attachment = (link: string): CaseAttachment => ({
        id: 41,
        case_id: open.id,
        uploaded: '2026-11-02T11:00:00Z',
        state: 'stored',
        filename: 'trace.csv',
        user_id: CUSTOMER.id,
        size: 2048,
        content_type: 'text/csv',
        link,
        can_delete: true,
      });
      const first = linkUntil(300);
      let served = first;
      api.answer(caseContract, 'get_case', () => caseDetail(open, { attachments: [attachment(served)] }));
      await openCases('customer', [open], `/cases/${open.id}`);
      const dialog = await screen.findByRole('dialog', { name: `Case ${open.id}` });
      expect((await within(dialog).findByRole('link', { name: 'trace.csv' })).getAttribute('href')).toBe(first);
      served = linkUntil(600);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(275_000);
      });
      await waitFor(() => expect(within(dialog).getByRole('link', { name: 'trace.csv' }).getAttribute('href')).toBe(served));
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets an admin assign a case to an administrator and close it', async () => {
    const open = supportCase({ state: 3 });
    answerCase(open);
    api.answer(caseAdminContract, 'assign_case', ({ case_id, user_id }) => ({ case_id, assigned_to: typeof user_id === 'number' ? user_id : null }));
    api.answer(caseContract, 'close_case', ({ case_id }) => ({ case_id, state: 0 }));
    const { user } = await openCases('admin', [open], `/cases/${open.id}`);
    const dialog = await screen.findByRole('dialog', { name: `Case ${open.id}` });
    await user.click(await within(dialog).findByLabelText('Assigned to', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: `Sam Support (${OTHER_ADMIN.email})` }));
    await findNotification(`Case ${open.id} assigned to Sam Support`);
    expect(api.calls(caseAdminContract, 'assign_case')).toEqual([{ case_id: open.id, user_id: OTHER_ADMIN.id }]);
    await user.click(within(dialog).getByRole('button', { name: 'Close case' }));
    await findNotification(`Case ${open.id} closed`);
    expect(api.calls(caseContract, 'close_case')).toEqual([{ case_id: open.id }]);
  });

  it('offers a customer no assignment, and a plain Close that needs no comment', async () => {
    const open = supportCase({ state: 3 });
    answerCase(open);
    api.answer(caseContract, 'close_case', ({ case_id }) => ({ case_id, state: 0 }));
    const { user } = await openCases('customer', [open], `/cases/${open.id}`);
    const dialog = await screen.findByRole('dialog', { name: `Case ${open.id}` });
    await within(dialog).findByText(open.description);
    expect(within(dialog).queryByLabelText('Assigned to')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close case' }));
    await findNotification(`Case ${open.id} closed`);
    expect(api.calls(caseContract, 'close_case')).toEqual([{ case_id: open.id }]);
    expect(api.calls(caseContract, 'add_comment')).toEqual([]);
  });

  it('uploads a file straight to storage with its signed form, and deletes an attachment only once confirmed', async () => {
    const open = supportCase({ state: 3 });
    const stored: CaseAttachment = {
      id: 41,
      case_id: open.id,
      uploaded: '2026-11-02T11:00:00Z',
      state: 'stored',
      filename: 'trace.csv',
      user_id: CUSTOMER.id,
      size: 2048,
      content_type: 'text/csv',
      link: `/attachments/${open.id}/41/trace.csv?sig=x`,
      can_delete: true,
    };
    answerCase(open, { attachments: [stored] });
    const target = 'http://storage.test/attachments';
    api.acceptUploads(target);
    api.answer(caseContract, 'create_attachment_upload', ({ case_id, filename, size }) => ({
      attachment: { ...stored, id: 42, case_id, filename, size, state: 'uploading' as const, link: null, content_type: 'text/plain' },
      upload: { url: target, fields: { key: 'attachments/42/report.log', policy: 'signed' }, expires: '2026-11-02T12:00:00Z' },
    }));
    api.answer(caseContract, 'complete_attachment_upload', ({ attachment_id }) => ({ ...stored, id: attachment_id, filename: 'report.log', content_type: 'text/plain' }));
    api.answer(caseContract, 'delete_attachment', ({ attachment_id }) => ({ attachment_id, case_id: open.id }));
    const { user } = await openCases('customer', [open], `/cases/${open.id}`);
    const dialog = await screen.findByRole('dialog', { name: `Case ${open.id}` });
    expect((await within(dialog).findByRole('link', { name: 'trace.csv' })).getAttribute('href')).toBe(stored.link);
    expect(within(dialog).getByText(/^Up to 50 MB: \.txt, \.log/)).toBeTruthy();

    const file = new File(['line 1\n'], 'report.log', { type: 'text/plain' });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await findNotification('report.log attached');
    expect(api.calls(caseContract, 'create_attachment_upload')).toEqual([{ case_id: open.id, filename: 'report.log', size: file.size }]);
    expect(api.uploads()).toHaveLength(1);
    expect(api.uploads()[0]).toMatchObject({ key: 'attachments/42/report.log', policy: 'signed' });
    expect(api.uploads()[0]!.file).toBeInstanceOf(File);
    expect(api.calls(caseContract, 'complete_attachment_upload')).toEqual([{ attachment_id: 42 }]);

    await user.click(within(dialog).getByRole('button', { name: 'Delete trace.csv' }));
    const question = await findConfirmation('Delete trace.csv?');
    await user.click(question.button('Cancel'));
    expect(api.calls(caseContract, 'delete_attachment')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete trace.csv' }));
    await user.click((await findConfirmation('Delete trace.csv?')).button('Delete attachment'));
    await findNotification('trace.csv deleted');
    expect(api.calls(caseContract, 'delete_attachment')).toEqual([{ attachment_id: 41 }]);
  });
});

describe('Internal notes', () => {
  const question = { id: 1, comment: 'Which firmware?', user_id: ADMIN.id, created: '2026-11-02T09:00:00Z', by_admin: true, internal: false };
  const note = { id: 2, comment: 'On a trial: check the order first', user_id: OTHER_ADMIN.id, created: '2026-11-02T09:30:00Z', by_admin: true, internal: true };

  it('lets an admin add an internal note, sent as internal and never closing', async () => {
    const open = supportCase({ state: 3 });
    answerCase(open);
    api.answer(caseContract, 'add_comment', ({ case_id }) => ({ case_id, comment_id: 9, state: 3 }));
    const { user } = await openCases('admin', [open], `/cases/${open.id}`);
    const dialog = await screen.findByRole('dialog', { name: `Case ${open.id}` });
    const addNote = await within(dialog).findByRole('button', { name: 'Add internal note' });
    expect(addNote).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Comment'), 'Refund pending');
    await user.click(addNote);
    await findNotification(`Internal note added to case ${open.id}`);
    expect(api.calls(caseContract, 'add_comment')).toEqual([{ case_id: open.id, comment: 'Refund pending', internal: true }]);
    expect(within(dialog).getByLabelText('Comment')).toHaveProperty('value', '');
  });

  it('shows a note apart from the conversation, labelled as not shown to the customer', async () => {
    const open = supportCase({ state: 2 });
    answerCase(open, { comments: [question, note] });
    await openCases('admin', [open], `/cases/${open.id}`);
    const dialog = await screen.findByRole('dialog', { name: `Case ${open.id}` });
    const noteItem = (await within(dialog).findByText(note.comment)).closest('li')!;
    const questionItem = within(dialog).getByText(question.comment).closest('li')!;
    expect(within(noteItem).getByText('Internal note — not shown to the customer')).toBeTruthy();
    expect(within(noteItem).getByText(/^Sam Support,/)).toBeTruthy();
    expect(noteItem.hasAttribute('data-internal-note')).toBe(true);
    expect(noteItem.getAttribute('style')).toContain('--mantine-color-yellow-light');
    expect(within(questionItem).queryByText('Internal note — not shown to the customer')).toBeNull();
    expect(questionItem.hasAttribute('data-internal-note')).toBe(false);
    expect(questionItem.getAttribute('style') ?? '').not.toContain('yellow');
  });

  it('offers a customer no internal note and shows them no history', async () => {
    const open = supportCase({ state: 2 });
    // Even were a history handed to the screen, a customer is not shown it (the server never sends it them).
    answerCase(open, { comments: [{ ...question, internal: undefined }], history: [{ at: '2026-11-01T10:00:00Z', by_user_id: CUSTOMER.id, kind: 'state', from_state: null, to_state: 1, assigned_to: null }] });
    await openCases('customer', [open], `/cases/${open.id}`);
    const dialog = await screen.findByRole('dialog', { name: `Case ${open.id}` });
    await within(dialog).findByText(question.comment);
    expect(within(dialog).getByRole('button', { name: 'Add comment' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Add internal note' })).toBeNull();
    expect(within(dialog).queryByText('Internal note — not shown to the customer')).toBeNull();
    expect(within(dialog).queryByText('History')).toBeNull();
    expect(within(dialog).queryByText(/opened the case/)).toBeNull();
  });
});

describe('What a case is about', () => {
  it('lets a customer name one of their licenses or products on a new case, and sends the license picked', async () => {
    const { user } = await openCases('customer', [supportCase()]);
    api.answer(caseContract, 'create_case', { id: 901 });
    answerCase(supportCase({ id: 901 }), { license: { id: OWN_LICENSE.id, license_type_id: 'Battery' } });
    await user.click(screen.getByRole('button', { name: 'New case' }));
    const dialog = await screen.findByRole('dialog', { name: 'New case' });
    await user.type(within(dialog).getByLabelText(/^Description/), 'Seat stuck');
    await user.type(within(dialog).getByLabelText('Comment'), 'The seat stays on my old laptop.');
    await user.click(within(dialog).getByRole('combobox', { name: 'About a license or product (optional)' }));
    expect(await screen.findByRole('option', { name: 'Arc ARC000123' })).toBeTruthy();
    await user.click(await screen.findByRole('option', { name: 'License 31 (Battery)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Open case' }));
    await findNotification('Case 901 opened');
    expect(api.calls(caseContract, 'create_case')).toEqual([{ title: 'Seat stuck', description: 'The seat stays on my old laptop.', license_id: OWN_LICENSE.id }]);
  });

  it('sends a product picked as product_id', async () => {
    const { user } = await openCases('customer', [supportCase()]);
    api.answer(caseContract, 'create_case', { id: 902 });
    answerCase(supportCase({ id: 902 }));
    await user.click(screen.getByRole('button', { name: 'New case' }));
    const dialog = await screen.findByRole('dialog', { name: 'New case' });
    await user.type(within(dialog).getByLabelText(/^Description/), 'Noise');
    await user.type(within(dialog).getByLabelText('Comment'), 'Noisy readings.');
    await user.click(within(dialog).getByRole('combobox', { name: 'About a license or product (optional)' }));
    await user.click(await screen.findByRole('option', { name: 'Arc ARC000123' }));
    await user.click(within(dialog).getByRole('button', { name: 'Open case' }));
    await findNotification('Case 902 opened');
    expect(api.calls(caseContract, 'create_case')).toEqual([{ title: 'Noise', description: 'Noisy readings.', product_id: OWN_PRODUCT.id }]);
  });

  it("links a case's license and product to the customer's own pages", async () => {
    const open = supportCase();
    answerCase(open, { license: { id: 31, license_type_id: 'Battery' }, product: { id: 12, product_id: 'Arc', uid: 'ARC000123' } });
    const { user } = await openCases('customer', [open], `/cases/${open.id}`);
    const dialog = await screen.findByRole('dialog', { name: `Case ${open.id}` });
    expect((await within(dialog).findByRole('link', { name: 'License 31 (Battery)' })).getAttribute('href')).toBe('/licenses');
    expect(within(dialog).getByRole('link', { name: 'Arc ARC000123' }).getAttribute('href')).toBe('/myproducts');
    await user.click(within(dialog).getByRole('link', { name: 'Arc ARC000123' }));
    await waitFor(() => expect(currentPath()).toBe('/myproducts'));
  });

  it("links them to an admin's All licenses and Registered products", async () => {
    const open = supportCase();
    answerCase(open, { license: { id: 31, license_type_id: 'Battery' }, product: { id: 12, product_id: 'Arc', uid: 'ARC000123' } });
    await openCases('admin', [open], `/cases/${open.id}`);
    const dialog = await screen.findByRole('dialog', { name: `Case ${open.id}` });
    expect((await within(dialog).findByRole('link', { name: 'License 31 (Battery)' })).getAttribute('href')).toBe('/alllicenses?id=31');
    expect(within(dialog).getByRole('link', { name: 'Arc ARC000123' }).getAttribute('href')).toBe('/allproducts?search=ARC000123');
  });
});

describe('Case history', () => {
  it('shows an admin every state change and assignment in words, with who and when', async () => {
    const open = supportCase({ state: 2, assigned_to: null });
    const history: CaseEvent[] = [
      { at: '2026-11-01T10:00:00Z', by_user_id: CUSTOMER.id, kind: 'state', from_state: null, to_state: 1, assigned_to: null },
      { at: '2026-11-02T09:00:00Z', by_user_id: ADMIN.id, kind: 'assign', from_state: null, to_state: null, assigned_to: OTHER_ADMIN.id },
      { at: '2026-11-03T09:00:00Z', by_user_id: OTHER_ADMIN.id, kind: 'state', from_state: 1, to_state: 2, assigned_to: null },
      { at: '2026-11-04T09:00:00Z', by_user_id: OTHER_ADMIN.id, kind: 'assign', from_state: null, to_state: null, assigned_to: null },
    ];
    answerCase(open, { history });
    await openCases('admin', [open], `/cases/${open.id}`);
    const dialog = await screen.findByRole('dialog', { name: `Case ${open.id}` });
    expect(await within(dialog).findByText('History')).toBeTruthy();
    expect(within(dialog).getByText('dana@example.com (user 7) opened the case')).toBeTruthy();
    expect(within(dialog).getByText('Ada Admin assigned the case to Sam Support')).toBeTruthy();
    expect(within(dialog).getByText('Sam Support changed the state from New to Waiting for user response')).toBeTruthy();
    expect(within(dialog).getByText('Sam Support cleared the assignment')).toBeTruthy();
    expect(within(dialog).getByText(/^2026-11-03 \d\d:\d\d UTC[-+\d:]*$/)).toBeTruthy();
  });
});
