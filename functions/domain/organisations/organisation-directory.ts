import type { OrganisationRole } from '../../../shared/organisations/organisations';
import type { RecordChange } from '../../lib/records/record-kind';
import type { MembershipRecord } from './membership.kind';

/**
 * An organisation's members as one attribute of the organisation's own item: who, their role, their name
 * and when they joined. Every membership write writes the organisation in the same transaction
 * (conditioned on its version), and the directory follows those changes there, so it always says what
 * the membership items say; a screen of 1,000 members reads one item instead of a partition.
 */
export interface DirectoryMember {
  user_id: number;
  role: OrganisationRole;
  first_name?: string;
  last_name?: string;
  /** When they joined. */
  created: string;
  /** Their account's key: their record (an email to show) is one GetItem. */
  sub?: string;
}

type Entry = [user_id: number, role: OrganisationRole, first_name: string | null, last_name: string | null, created: string, sub: string | null];

const entryOf = (member: DirectoryMember): Entry => [member.user_id, member.role, member.first_name ?? null, member.last_name ?? null, member.created, member.sub ?? null];

export const readDirectory = (directory: string): DirectoryMember[] =>
  (JSON.parse(directory) as Entry[]).map(([user_id, role, first_name, last_name, created, sub]) => ({
    user_id,
    role,
    ...(first_name === null ? {} : { first_name }),
    ...(last_name === null ? {} : { last_name }),
    created,
    ...(sub === null ? {} : { sub }),
  }));

export const writeDirectory = (members: readonly DirectoryMember[]): string => JSON.stringify(members.map(entryOf));

/** The directory as `changes` leave it: each membership change (by its kind) added, updated or removed. */
export function directoryAfter(members: readonly DirectoryMember[], changes: readonly RecordChange[], membershipKindName: string): DirectoryMember[] {
  const byId = new Map(members.map((member) => [member.user_id, member]));
  for (const change of changes) {
    if (change.kind.name !== membershipKindName) continue;
    const before = change.before as MembershipRecord | null;
    const after = change.after as MembershipRecord | null;
    if (after) byId.set(after.user_id, { user_id: after.user_id, role: after.role, first_name: after.first_name, last_name: after.last_name, created: after.created, sub: after.sub });
    else if (before) byId.delete(before.user_id);
  }
  return [...byId.values()];
}
