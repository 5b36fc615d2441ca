import { currentCall } from '../../lib/call-context';
import type { AuditBy } from './audit.repository';

/**
 * The running call's actor as an audit entry names them: the caller's user id, which the pipeline notes
 * once per signed-in call. A write outside a signed-in call (a job, the webhook) names its actor itself.
 */
export function callActor(): AuditBy {
  const by = currentCall()?.actor_user_id;
  if (by === undefined) throw new Error('An audited write outside a signed-in call must name its actor');
  return { by_user_id: by };
}
