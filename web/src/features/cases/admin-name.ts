import type { CmdResult } from '../../../../shared/contract/define';
import type { userAdminContract } from '../../../../shared/contract/user.admin';

export type AdminSummary = CmdResult<typeof userAdminContract, 'get_admins'>['admins'][number];

/** An administrator as the case screens name them: first and last name, else email, else "User {id}". */
export function adminName(admins: readonly AdminSummary[], id: number): string {
  const admin = admins.find((candidate) => candidate.id === id);
  if (!admin) return `User ${id}`;
  return `${admin.first_name} ${admin.last_name}`.trim() || admin.email || admin.username;
}

/**
 * An administrator as the assignment picker offers them: the name with the email, since two of the
 * desk may share a name (the email alone when there is no name).
 */
export function adminChoiceLabel(admin: AdminSummary): string {
  const name = `${admin.first_name} ${admin.last_name}`.trim();
  return name && admin.email ? `${name} (${admin.email})` : name || admin.email || admin.username;
}
