import type { Caller } from '../../lib/auth';
import { callerUserId } from '../users/caller-user';
import type { AuditBy } from './audit.repository';

/** The caller as an audit entry names them: by their user id. */
export const auditBy = async (caller: Caller): Promise<AuditBy> => ({ by_user_id: await callerUserId(caller) });
