import { describe, expect, it, vi } from 'vitest';
import { ApiError, isOutage } from '../../lib/errors';

// The table is the outside service here: it does not answer, as in an outage.
const store = vi.hoisted(() => ({ findAttachment: vi.fn(), findCase: vi.fn() }));
vi.mock('../../domain/cases/cases.repository', () => store);

const { attachmentByToken } = await import('./attachments');
const caller = { viewer: { userId: 7, isAdmin: false } } as unknown as Parameters<typeof attachmentByToken>[1];
const path = { caseId: '3', attachmentId: '11', filename: 'log.txt' };

describe('an attachment at its path with a token', () => {
  it('answers an outage of the store as an outage (503), not as "not found"', async () => {
    store.findAttachment.mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const failure: unknown = await attachmentByToken(path, caller).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(ApiError);
    expect(isOutage(failure)).toBe(true);
  });

  it('answers "not found" for an attachment that is not there', async () => {
    store.findAttachment.mockResolvedValue(null);
    await expect(attachmentByToken(path, caller)).rejects.toMatchObject({ httpStatus: 404 });
  });
});
