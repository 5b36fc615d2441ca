import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The API call a piece of code runs for: its endpoint, cmd and request id. Kept with AsyncLocalStorage
 * (the local stack serves concurrent calls in one process), so a domain write deep below a handler can
 * name the call that made it (the audit trail, every log line) without every function passing it down.
 */
export interface CallRecord {
  endpoint: string;
  request_id: string;
  /** Known once the body is read. */
  cmd?: string;
  /** The signed-in caller's user id, once the pipeline has resolved it: the actor of the call's writes. */
  actor_user_id?: number;
  /**
   * Its cmd's every call is audited (the contract's `audit: true`). Set by the pipeline's audit step before
   * the handler runs; the entries are written by the record kinds' changes that carry `audit`, and the write
   * path refuses the call's first write unless it carries one (later unaudited writes, such as a case's own
   * comment, pass once the call has its entry).
   */
  audited?: boolean;
}

const calls = new AsyncLocalStorage<CallRecord>();

/**
 * Runs `work` (and everything it awaits) as the call `record`: the record itself, not a copy, so the
 * pipeline that started the call notes its cmd and actor on it as it learns them, without looking the
 * call up again (each lookup costs a warm call its share; see request.ts).
 */
export const withCall = <T>(record: CallRecord, work: () => T): T => calls.run(record, work);

/** Names the running call's actor (the caller's user id), once resolved. */
export function noteCallActor(userId: number): void {
  const call = calls.getStore();
  if (call) call.actor_user_id = userId;
}

/** The running call; undefined outside one (a job, a script, a test calling the domain directly). */
export const currentCall = (): CallRecord | undefined => calls.getStore();
