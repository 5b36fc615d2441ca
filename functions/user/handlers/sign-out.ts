import type { userContract } from '../../../shared/contract/user';
import { revokeSession } from '../../domain/sessions/revocations.repository';
import type { EndpointHandlers } from '../../endpoint';
import { forgetSession } from '../../lib/session-check';

/**
 * Ends the caller's sign-in: every token of it (access and id, refreshed or not) is refused from now
 * on; other sign-ins of the same user (another browser, the desktop app) go on.
 */
export const signOut: EndpointHandlers<typeof userContract>['sign_out'] = async (_params, { viewer: { caller } }) => {
  if (caller.origin) await revokeSession(caller.sub, caller.origin);
  forgetSession(caller.token);
  return { signed_out: caller.origin !== undefined };
};
