import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../lib/logger';
import { OPERATOR_ALARM_FIELD, OPERATOR_ALARMS } from '../../lib/operator-alarms';

// The table is the outside service here: its reads and writes fail as in an outage.
const store = vi.hoisted(() => ({ pending: vi.fn(), revoke: vi.fn() }));
vi.mock('./deletions.repository', () => ({
  pendingDeletions: store.pending,
  markDeletionStarted: vi.fn(async (request: object) => request),
  storeDeletionRequest: vi.fn(),
  recordDeletion: vi.fn(),
}));
vi.mock('../sessions/revocations.repository', () => ({ revokeAccount: store.revoke }));

const { runDeletionJob } = await import('./account-deletion');
const alarm = { [OPERATOR_ALARM_FIELD]: OPERATOR_ALARMS.accountDeletionFailed.name };
const request = { user_id: 7, sub: 'sub-7', username: 'seven', requested: '2026-11-20T00:00:00Z', delete_by: '2026-11-24T00:00:00Z' };

describe('the account deletion job', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps a failed deletion pending and logs the error line that raises the operators\' alarm', async () => {
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    store.pending.mockResolvedValue([request]);
    store.revoke.mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    expect(await runDeletionJob()).toEqual({ deleted: [], failed: [7] });
    expect(errors).toHaveBeenCalledWith('Account deletion failed; it stays pending', expect.objectContaining({ user_id: 7, ...alarm }));
  });

  it('raises the same alarm when the run itself fails', async () => {
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    store.pending.mockRejectedValue(new Error('The table is not there'));
    await expect(runDeletionJob()).rejects.toThrow('The table is not there');
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Account deletion job failed'), expect.objectContaining(alarm));
  });
});
