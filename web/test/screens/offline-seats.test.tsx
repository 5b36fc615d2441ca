import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { licContract } from '../../../shared/contract/lic';
import { offlineMessages, offlineTextMessages, OFFLINE_TEXT_MAX } from '../../../shared/licenses/offline';
import { organisationsContract } from '../../../shared/organisations/organisations.contract';
import { offlineSeatsContract, type OfflineRequestRow } from '../../../shared/licenses/offline-seats.contract';
import { formatDateTime } from '../../src/lib/dates';
import { api, refused } from '../support/fake-api';
import { CUSTOMER, answerProfile } from '../support/fixtures';
import { renderScreen } from '../support/render';
import { expectNoConfirmation, findConfirmation, findErrorBanner, findNotification } from '../support/results';

/**
 * Licenses → Offline activation over the fake API: bringing a machine's request (pasted, or its file),
 * the requests with Issue lease file, Withdraw and Download lease file, and Offline return. What the
 * portal checks in a request or a return code (signature, nonce, budget) is its own tests; the whole
 * cycle with a real request in a browser is test/e2e/offline-seats.
 */

/** A request's text as the machine writes it: the portal (faked here) reads it. */
const REQUEST_TEXT = `SEATREQ1.${'a'.repeat(200)}.${'s'.repeat(86)}`;
const RETURN_TEXT = `SEATRET1.${'b'.repeat(120)}.${'r'.repeat(86)}`;

const LEASE = JSON.stringify({ token: 'eyJsaWNlbnNlX2lkIjo3fQ', signature: 'c2lnbmF0dXJl' });

/** A waiting request of license 7 from bench-3, unless told. */
function request(fields: Partial<OfflineRequestRow> = {}): OfflineRequestRow {
  return {
    id: 'req-1',
    license_id: 7,
    hostname: 'bench-3',
    fingerprint: '9f86d081884c7d659a2feaa0c55ad015',
    os: 'windows',
    client_version: '3.2.0',
    created_at: '2026-11-27T08:30:00.000Z',
    expires_at: '2026-12-11T08:30:00.000Z',
    state: 'pending',
    answered_at: null,
    lease_end: null,
    lease: null,
    ...fields,
  };
}

const answered = (row: OfflineRequestRow): OfflineRequestRow => ({
  ...row,
  state: 'answered',
  answered_at: '2026-11-28T09:00:00.000Z',
  lease_end: '2026-12-28T09:00:00.000Z',
  lease: LEASE,
});

/** Opens the screen with `rows` as the caller's requests: a small server keeping them as the cmds change them. */
async function openWith(rows: OfflineRequestRow[]) {
  let held = rows;
  answerProfile(CUSTOMER);
  api.answer(offlineSeatsContract, 'get_offline_requests', () => ({ requests: held }));
  api.answer(offlineSeatsContract, 'answer_offline_request', ({ request_id }) => {
    held = held.map((row) => (row.id === request_id ? answered(row) : row));
    return { request: held.find((row) => row.id === request_id)! };
  });
  api.answer(offlineSeatsContract, 'withdraw_offline_request', ({ request_id }) => {
    held = held.filter((row) => row.id !== request_id);
    return { request_id };
  });
  const rendered = await renderScreen('/offlineactivation', { title: 'Offline activation' });
  if (rows.length > 0) await screen.findByRole('table', { name: 'Your offline requests' });
  else await screen.findByText('No offline requests waiting, and no offline leases running.');
  return { ...rendered, add: (row: OfflineRequestRow) => (held = [row, ...held]) };
}

const section = (name: string) => screen.getByRole('region', { name });
const requestBox = () => within(section('Bring a request')).getByRole<HTMLTextAreaElement>('textbox', { name: 'Request text' });
const returnBox = () => within(section('Offline return')).getByRole<HTMLTextAreaElement>('textbox', { name: 'Return code' });
const fileInput = (name: string) => section(name).querySelector<HTMLInputElement>('input[type=file]')!;
/** The rows of the requests table, each as its cells' texts. */
const rows = () =>
  within(screen.getByRole('table', { name: 'Your offline requests' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('Licenses → Offline activation', () => {
  it('is opened from the Licenses header', async () => {
    const { user } = await openWith([]);
    api.answer(licContract, 'get_licenses', { licenses: [] });
    api.answer(licContract, 'get_my_subscriptions', { subscriptions: [] });
    api.answer(organisationsContract, 'get_my_organisations', { organisations: [], invitations: [] });
    await user.click(screen.getByRole('link', { name: /Back to licenses/ }));
    await screen.findByRole('heading', { name: 'Licenses', level: 2 });
    await user.click(screen.getByRole('link', { name: 'Offline activation' }));
    await screen.findByRole('heading', { name: 'Offline activation', level: 2 });
  });

  it('brings a pasted request to the portal and lists it with its machine, when it was made and when it ends', async () => {
    const { user, add } = await openWith([]);
    api.answer(offlineSeatsContract, 'submit_offline_request', () => ({ request: add(request())[0]! }));

    await user.click(requestBox());
    // What is pasted may carry the line around it: the text is sent trimmed.
    await user.paste(`  ${REQUEST_TEXT}\n`);
    await user.click(screen.getByRole('button', { name: 'Bring request' }));

    await findNotification('Request for license 7 from bench-3 received: issue its lease file below');
    expect(api.calls(offlineSeatsContract, 'submit_offline_request')).toEqual([{ request: REQUEST_TEXT }]);
    await screen.findByRole('table', { name: 'Your offline requests' });
    expect(rows()).toEqual([
      [
        '7',
        'bench-3fingerprint 9f86d081884c…, windows',
        formatDateTime('2026-11-27T08:30:00.000Z'),
        `Waiting for its leaserequest ends ${formatDateTime('2026-12-11T08:30:00.000Z')}`,
        'Issue lease fileWithdraw',
      ],
    ]);
    expect(requestBox().value).toBe('');
  });

  it('issues the lease file of a waiting request and offers its download at once', async () => {
    const { user } = await openWith([request()]);

    await user.click(screen.getByRole('button', { name: 'Issue lease file for license 7 from bench-3' }));

    await findNotification('Lease file for license 7 from bench-3 issued');
    expect(api.calls(offlineSeatsContract, 'answer_offline_request')).toEqual([{ request_id: 'req-1' }]);
    const ready = await screen.findByRole('status', { name: /Lease file for license 7 from bench-3 ready/ });
    expect(ready.textContent).toContain('Carry the lease file to bench-3');
    expect(ready.textContent).toContain(`The seat is bench-3's until ${formatDateTime('2026-12-28T09:00:00.000Z')}.`);
    const download = within(ready).getByRole('link', { name: 'Download lease file for license 7 from bench-3' });
    expect(download.getAttribute('download')).toBe('lease-7-bench-3.json');
    expect(decodeURIComponent(download.getAttribute('href')!.replace(/^data:application\/json;charset=utf-8,/, ''))).toBe(LEASE);

    // The row says the lease was given and until when, and downloads it again; it cannot be issued twice.
    await waitFor(() => expect(rows()[0]![3]).toBe(`Lease file issuedlease ends ${formatDateTime('2026-12-28T09:00:00.000Z')}`));
    const table = screen.getByRole('table', { name: 'Your offline requests' });
    expect(within(table).getByRole('link', { name: 'Download lease file for license 7 from bench-3' }).getAttribute('download')).toBe('lease-7-bench-3.json');
    expect(within(table).queryByRole('button', { name: /Issue lease file/ })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Withdraw/ })).toBeNull();
  });

  it('names a host the file system would not take in the lease file’s name', async () => {
    await openWith([answered(request({ hostname: 'Lab PC/2' }))]);
    expect(screen.getByRole('link', { name: 'Download lease file for license 7 from Lab PC/2' }).getAttribute('download')).toBe('lease-7-Lab-PC-2.json');
    screen.getByText("Carry a lease file to its machine and load it there with the desktop client's offline activation.");
  });

  it('withdraws a waiting request only once the user confirms', async () => {
    const { user } = await openWith([request(), request({ id: 'req-2', license_id: 8, hostname: 'bench-4' })]);
    const title = 'Withdraw the request for license 7 from bench-3?';

    await user.click(screen.getByRole('button', { name: 'Withdraw the request for license 7 from bench-3' }));
    const question = await findConfirmation(title);
    expect(question.text).toContain('It gets no lease file; to use the license on bench-3, the machine makes a new request.');
    await user.click(question.button('Cancel'));
    await expectNoConfirmation(title);
    expect(api.calls(offlineSeatsContract, 'withdraw_offline_request')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Withdraw the request for license 7 from bench-3' }));
    await user.click((await findConfirmation(title)).button('Withdraw request'));
    await findNotification('Request for license 7 from bench-3 withdrawn');
    expect(api.calls(offlineSeatsContract, 'withdraw_offline_request')).toEqual([{ request_id: 'req-1' }]);
    await waitFor(() => expect(rows().map((row) => row[0])).toEqual(['8']));
  });

  it('says where a return code goes when it is pasted as a request, and where a request goes when pasted as a return code, without a call', async () => {
    const { user } = await openWith([]);

    await user.click(requestBox());
    await user.paste(RETURN_TEXT);
    await user.click(screen.getByRole('button', { name: 'Bring request' }));
    await within(section('Bring a request')).findByText(offlineTextMessages.returnNotRequest);

    await user.click(returnBox());
    await user.paste(REQUEST_TEXT);
    await user.click(screen.getByRole('button', { name: 'Free the seat' }));
    await within(section('Offline return')).findByText(offlineTextMessages.requestNotReturn);

    // Text the machine never wrote, and a text longer than any it writes.
    await user.clear(requestBox());
    await user.paste('hello');
    await user.tab();
    await within(section('Bring a request')).findByText(offlineTextMessages.notRequest);
    await user.clear(requestBox());
    await user.click(requestBox());
    await user.paste(`SEATREQ1.${'a'.repeat(OFFLINE_TEXT_MAX)}`);
    await user.tab();
    await within(section('Bring a request')).findByText(offlineTextMessages.tooLong);

    expect(api.calls(offlineSeatsContract, 'submit_offline_request')).toEqual([]);
    expect(api.calls(offlineSeatsContract, 'return_offline_seat')).toEqual([]);
  });

  it('reads a request file into the box, and refuses a file larger than any the machine writes without reading or sending it', async () => {
    const { user, add } = await openWith([]);
    api.answer(offlineSeatsContract, 'submit_offline_request', () => ({ request: add(request())[0]! }));

    const tooLarge = new File([`SEATREQ1.${'a'.repeat(3000)}`], 'capture.bin', { type: 'application/octet-stream' });
    await user.upload(fileInput('Bring a request'), tooLarge);
    await within(section('Bring a request')).findByText('capture.bin is not a request or return code: their files are at most 2,100 bytes');
    expect(requestBox().value).toBe('');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Bring request' }).disabled).toBe(true);

    await user.upload(fileInput('Bring a request'), new File([`${REQUEST_TEXT}\n`], 'bench-3.seatreq', { type: 'text/plain' }));
    await waitFor(() => expect(requestBox().value).toBe(`${REQUEST_TEXT}\n`));
    expect(within(section('Bring a request')).queryByText(/is not a request or return code/)).toBeNull();
    expect(api.calls(offlineSeatsContract, 'submit_offline_request')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Bring request' }));
    await findNotification('Request for license 7 from bench-3 received: issue its lease file below');
    expect(api.calls(offlineSeatsContract, 'submit_offline_request')).toEqual([{ request: REQUEST_TEXT }]);
  });

  it('shows the portal’s refusal of a request as the portal words it, and keeps the text', async () => {
    const { user } = await openWith([]);
    const refusal = offlineMessages.broughtBefore;
    api.answer(offlineSeatsContract, 'submit_offline_request', refused(refusal));

    await user.click(requestBox());
    await user.paste(REQUEST_TEXT);
    await user.click(screen.getByRole('button', { name: 'Bring request' }));

    await findErrorBanner(refusal);
    expect(requestBox().value).toBe(REQUEST_TEXT);
    expect(screen.queryByRole('table', { name: 'Your offline requests' })).toBeNull();
  });

  it('frees the seat of a return code, and shows a refused one as the portal words it', async () => {
    const { user } = await openWith([answered(request())]);
    const refusal = offlineMessages.returnSpent;
    api.answer(offlineSeatsContract, 'return_offline_seat', refused(refusal));

    await user.click(returnBox());
    await user.paste(RETURN_TEXT);
    await user.click(screen.getByRole('button', { name: 'Free the seat' }));
    await findErrorBanner(refusal);
    expect(returnBox().value).toBe(RETURN_TEXT);

    const reads = api.calls(offlineSeatsContract, 'get_offline_requests').length;
    api.answer(offlineSeatsContract, 'return_offline_seat', { license_id: 7, available: true });
    await user.click(screen.getByRole('button', { name: 'Free the seat' }));
    await findNotification('The seat of license 7 is free');
    expect(api.calls(offlineSeatsContract, 'return_offline_seat')).toEqual([{ code: RETURN_TEXT }, { code: RETURN_TEXT }]);
    expect(returnBox().value).toBe('');
    // The requests are read again (Licenses too, when it is opened next).
    await waitFor(() => expect(api.calls(offlineSeatsContract, 'get_offline_requests').length).toBeGreaterThan(reads));
  });
});
