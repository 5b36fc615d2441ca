import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nextDeletionRun } from '../../../shared/accounts/deletion';
import { userContract, type PendingDeletion } from '../../../shared/contract/user';
import { formatDateTime } from '../../src/lib/dates';
import { api } from '../support/fake-api';
import { CUSTOMER, answerProfile } from '../support/fixtures';
import { renderScreen } from '../support/render';
import { expectNoConfirmation, findConfirmation, findNotification } from '../support/results';

/**
 * Delete account: the request behind a confirmation, the pending request shown on every visit, and
 * withdrawing it. The request and its withdrawal against the API are test/integration/account-deletion.
 */

const REQUESTED = '2026-11-20T09:30:00Z';

/**
 * What page and confirmation both say about undoing, with the moment the daily deletion job next starts
 * (withdrawing is refused from then on).
 */
const undoSentence = () =>
  `You can withdraw the request until the deletion starts, at ${formatDateTime(nextDeletionRun(new Date()))}; once it has started it cannot be undone.`;

/** Opens /deleteaccount with the server holding `pending` (null: none), and answering requests and withdrawals. */
async function openWith(pending: PendingDeletion | null) {
  let stored = pending;
  answerProfile(CUSTOMER);
  api.answer(userContract, 'get_account_deletion', () => ({ request: stored }));
  api.answer(userContract, 'delete_user_account', () => {
    stored = { requested: REQUESTED, delete_by: '2026-11-24T23:59:59.999Z', by_admin: false };
    return { requested: stored.requested, delete_by: stored.delete_by };
  });
  api.answer(userContract, 'withdraw_account_deletion', () => {
    stored = null;
    return { withdrawn: '2026-11-21T08:00:00Z' };
  });
  return renderScreen('/deleteaccount', { title: 'Delete account' });
}

describe('Delete account', () => {
  it('asks before requesting deletion, says what it means, and sends nothing on Cancel', async () => {
    const { user } = await openWith(null);
    await user.click(await screen.findByRole('button', { name: 'Request deletion of account' }));
    let question = await findConfirmation('Delete your account?');
    expect(question.text).toContain(`deleted within two working days. ${undoSentence()}`);
    await user.click(question.button('Cancel'));
    await expectNoConfirmation('Delete your account?');
    expect(api.calls(userContract, 'delete_user_account')).toEqual([]);
    // The page tells the same truth as its confirmation, with the same moment.
    screen.getByText(undoSentence());

    await user.click(screen.getByRole('button', { name: 'Request deletion of account' }));
    question = await findConfirmation('Delete your account?');
    await user.click(question.button('Request deletion'));
    await screen.findByText('Your account will be deleted within two working days.');
    screen.getByText('Deletion requested on 2026-11-20. It will be gone by 2026-11-24 at the latest.');
    screen.getByText(undoSentence());
    expect(screen.queryByRole('button', { name: 'Request deletion of account' })).toBeNull();
    expect(api.calls(userContract, 'delete_user_account')).toEqual([{}]);
  });

  it('shows a pending request on a later visit, and Withdraw takes it back', async () => {
    const { user } = await openWith({ requested: REQUESTED, delete_by: '2026-11-24T23:59:59.999Z', by_admin: false });
    await screen.findByText('Your account will be deleted within two working days.');
    screen.getByText(/^Deletion requested on 2026-11-20/);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await findNotification('Deletion withdrawn: your account stays as it is.');
    await screen.findByRole('button', { name: 'Request deletion of account' });
    expect(screen.queryByText('Your account will be deleted within two working days.')).toBeNull();
    expect(api.calls(userContract, 'withdraw_account_deletion')).toEqual([{}]);
  });

  it('offers no Withdraw for a deletion an administrator asked for, and says whom to ask', async () => {
    await openWith({ requested: REQUESTED, delete_by: '2026-11-24T23:59:59.999Z', by_admin: true });
    await screen.findByText('An administrator asked for this deletion: ask support to withdraw it.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull());
  });
});
