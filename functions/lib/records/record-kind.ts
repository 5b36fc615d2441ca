import type { Entity, FormattedItem, KeyInputItem } from 'dynamodb-toolbox/entity';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import type { Tally } from '../db/aggregates';
import type { ReadWriteChange, TransactionWrite } from '../db/write-transaction';

/**
 * A kind of record declared once: its entity and keys, and everything a write of one derives from it
 * (its admin list row, its counters, its holder's holdings, its copies, its audit entry). The one write
 * path (write-changes.ts) takes `{kind, before, after}` changes and builds the record's own write with
 * every derived write in one transaction, so no repository composes them by hand (eslint keeps it so).
 */

/** What an audit entry records (the audit domain stores it: its trails, a license's history, the admin list). */
export interface AuditEntry {
  by_user_id: number;
  /** What happened; the call's cmd name when not said. */
  action?: string;
  /** What it was done to: `{kind}#{id}`. */
  target: string;
  /** The users whose trail holds it (the owner of what changed; both sides of a move). */
  users: readonly number[];
  license_id?: number;
  product_id?: number;
  from_user_id?: number;
  to_user_id?: number;
  /** The values that changed, before and after (see changedValues). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Where audit entries are kept: the writes of one entry, for the transaction of the change it records. */
export interface AuditTrail {
  entryWrites(entry: AuditEntry, now: Date): Promise<TransactionWrite[]>;
}

/** The entity fields that name what an entry is about besides its target (a license's history reads `license_id`). */
type EntryNames = Pick<AuditEntry, 'license_id' | 'product_id'>;

export interface RecordKindDeclaration<E extends Entity, R extends object, Keys extends object> {
  /** The kind's name (errors, the declarations list). */
  name: string;
  entity: E;
  /** The record's key as its entity takes it (the write path's delete, update and check). */
  key: (record: R) => KeyInputItem<E>;
  /** The key builders the kind's reads use (partitions, index keys): no read types a key itself. */
  keys: Keys;
  /** The number its list row goes by (default: its `id`). */
  id?: (record: R) => number;
  /**
   * `put` (default): the record is written whole. `update`: only the fields that differ from `before`
   * (a record other writes change too: a user's holdings); `created`/`updated` are kept by the toolbox.
   */
  write?: 'put' | 'update';
  /** Attributes an update sets that the toolbox does not recompute (a linked index key that follows an owner). */
  linked?: (record: R) => Record<string, unknown>;
  /** Its admin list: a write keeps its row (or its removal) in step. */
  list?: { writes(id: number, record: R | null, now: Date): readonly TransactionWrite[] };
  /** What a record counts for in the counters (aggregates.ts). */
  tallies?: (record: R) => Tally[];
  /** What a write changes of its holder's holdings (read-write changes, merged per holder). */
  holdings?: (before: R | null, after: R | null) => ReadWriteChange[];
  /** Copies of the record kept elsewhere (a license in its users' lists), as a write takes it from `before` to `after`. */
  copies?: (before: R | null, after: R | null, hints: ChangeHints, now: Date) => TransactionWrite[];
  /** Its audit: where entries go, what an entry targets, whose trails hold it, and which fields it records. */
  audit?: {
    trail: AuditTrail;
    target: (record: R) => string;
    users: (record: R) => readonly number[];
    /** What else an entry names (a license's id, for its history). */
    names?: (record: R) => EntryNames;
    /** Fields an entry never records (bookkeeping: `created`, `updated`, a version). */
    ignore?: readonly string[];
  };
}

/** Hints a kind's copies take from a change (e.g. the owner's name a share is written with). */
export type ChangeHints = Readonly<Record<string, string | undefined>>;

/**
 * The named switch of a domain write that is audited only sometimes (an admin's edit of what a customer's
 * call or a job also writes): `{ audited: true }` gives its changes their entries. Whoever acted is never
 * passed: the write path takes the call's actor (a job or the webhook names its own: WriteOptions.actor).
 */
export interface AuditSwitch {
  audited?: boolean;
}

/** What a change's audit entry says beyond the kind's declaration. */
export interface ChangeAudit {
  /** Who did it, when not the call's actor: a provider's event names its buyer (write-changes.ts). */
  by_user_id?: number;
  action?: string;
  /** Another target than the kind's. */
  target?: string;
  /** Instead of the kind's users. */
  users?: readonly number[];
  /** Besides the kind's users (a share's recipient, an assignee). */
  also?: readonly number[];
  /** Only these fields are recorded (default: every field that changed, but the ignored ones). */
  fields?: readonly string[];
  /** The values recorded, when not the fields that changed (a deletion's reason, a move's owners). */
  values?: { before?: Record<string, unknown>; after?: Record<string, unknown> };
  from_user_id?: number;
  to_user_id?: number;
}

/** One record's change: `before` null for a new record, `after` null for a removed one. */
export interface RecordChange<R extends object = object> {
  kind: RecordKind<Entity, R>;
  before: R | null;
  after: R | null;
  /** What must hold for the record's own write (an optimistic check: the version read; "not there yet"). */
  condition?: unknown;
  /** Set for an audited change (an admin's): its entry goes into the same transaction. */
  audit?: ChangeAudit;
  hints?: ChangeHints;
  /** An audited act on the record that changes nothing of it here (done at a provider): only its entry is written. */
  act?: boolean;
}

export interface RecordKind<E extends Entity, R extends object = FormattedItem<E>, Keys extends object = object> {
  readonly name: string;
  readonly declaration: RecordKindDeclaration<E, R, Keys>;
  readonly entity: E;
  readonly keys: Keys;
  /** A change of one record of this kind, for writeChanges. */
  change(change: Omit<RecordChange<R>, 'kind' | 'condition' | 'act'> & { condition?: Condition<E> }): RecordChange<object>;
  /** An audited act on `record` that changes nothing of it here: its audit entry alone. */
  act(record: R, audit: ChangeAudit): RecordChange<object>;
}

/** Declares a record kind: its entity, keys and what its writes derive (see RecordKindDeclaration). */
export function declareRecordKind<E extends Entity, R extends object = FormattedItem<E>, Keys extends object = object>(
  declaration: RecordKindDeclaration<E, R, Keys>,
): RecordKind<E, R, Keys> {
  const kind: RecordKind<E, R, Keys> = {
    name: declaration.name,
    declaration,
    entity: declaration.entity,
    keys: declaration.keys,
    change: (change) => ({ ...change, kind: kind as unknown as RecordKind<Entity, R> }) as unknown as RecordChange<object>,
    act: (record, audit) => ({ kind, before: record, after: record, audit, act: true }) as unknown as RecordChange<object>,
  };
  return kind;
}
