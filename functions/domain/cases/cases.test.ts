import { describe, expect, it, vi } from 'vitest';
import { CASE_STATE } from '../../../shared/cases/cases';
import type { CaseAttachmentRecord, CaseRecord } from './case-record';

// The table and the buckets are outside services here: a small store in memory keeps the attachment's
// state with the same conditions the table holds, and the staged file's copy is counted.
const store = vi.hoisted(() => ({ kase: null as unknown as CaseRecord, cases: [] as CaseRecord[], attachment: null as unknown as CaseAttachmentRecord | null, copies: 0 }));
vi.mock('./cases.repository', () => {
  const move = (from: string, to: string) => async () => {
    await Promise.resolve();
    if (store.attachment?.state !== from) return false;
    store.attachment = { ...store.attachment, state: to as CaseAttachmentRecord['state'] };
    return true;
  };
  class CaseChangedError extends Error {}
  return {
    CaseChangedError,
    findCase: async () => store.kase,
    findAttachment: async () => store.attachment,
    casesOf: async () => store.cases,
    claimUpload: move('uploading', 'completing'),
    releaseUpload: move('completing', 'uploading'),
    writeCase: async (read: CaseRecord, next: CaseRecord, parts: { completeAttachment?: CaseAttachmentRecord }) => {
      await Promise.resolve();
      if (store.kase.revision !== read.revision || (parts.completeAttachment && store.attachment?.state !== 'completing')) throw new CaseChangedError();
      store.kase = next;
      if (parts.completeAttachment) store.attachment = parts.completeAttachment;
    },
  };
});
vi.mock('./case-files', () => ({
  stagedFileSize: async () => 5,
  takeStagedFile: async () => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    store.copies++;
  },
  deleteStagedFile: async () => undefined,
  deleteAttachmentFile: async () => undefined,
  putAttachmentFile: async () => undefined,
}));

const { caseBytes, completeUpload } = await import('./cases');
const viewer = { userId: 7, isAdmin: false };

describe('completing a presigned upload', () => {
  it('copies the staged file once when two completions race: the other is told the upload is complete', async () => {
    store.kase = { id: 3, user_id: 7, revision: 1, attachment_count: 0, attachment_slots: 1, customer_bytes: 5 } as CaseRecord;
    const uploading = { case_id: 3, id: 11, user_id: 7, filename: 'log.txt', content_type: 'text/plain', size: 5, state: 'uploading', uploaded: '', staging_key: 'k' } as const;
    store.attachment = uploading;
    store.copies = 0;
    const answers = await Promise.allSettled([completeUpload(uploading, viewer), completeUpload(uploading, viewer)]);
    expect(store.copies).toBe(1);
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    expect(answers.find((answer) => answer.status === 'rejected')?.reason).toMatchObject({ httpStatus: 409, message: 'This upload is complete already' });
    expect(store.attachment).toMatchObject({ state: 'stored' });
    expect(store.kase.attachment_count).toBe(1);
  });
});

describe("what a customer's cases hold", () => {
  it('counts the files of closed cases too: closing a case gives no room back', async () => {
    const kase = (state: number, customer_bytes?: number) => ({ id: 1, user_id: 7, state, ...(customer_bytes === undefined ? {} : { customer_bytes }) }) as CaseRecord;
    store.cases = [kase(CASE_STATE.new, 60), kase(CASE_STATE.closed, 150), kase(CASE_STATE.closed)];
    expect(await caseBytes(7)).toBe(210);
  });
});
