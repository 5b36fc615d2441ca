import type { CaseViewer } from '../../domain/cases/case.rules';
import { callerUserId } from '../../domain/users/caller-user';
import type { Caller } from '../../lib/auth';

export const viewerOf = async (caller: Caller): Promise<CaseViewer> => ({ userId: await callerUserId(caller), isAdmin: caller.isAdmin });

/** Whether the user with this username is an administrator now: in the Admin group, with an authenticator (a case is assigned to admins only). */
export { isEnrolledAdmin as isAdminUser } from '../../domain/users/admin-group';
