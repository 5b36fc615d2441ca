import type { ssoContract } from '../../../shared/contract/sso';
import { secrets } from '../../registry';
import { resolveCallerUser } from '../../domain/users/caller-user';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { badRequest, forbidden } from '../../lib/errors';
import { getSecret } from '../../lib/secrets';
import { buildResponse, isValidSignature, parseRequest } from '../discourse-connect';

export const ssoMessages = {
  badSignature: 'Single sign-on request has an invalid signature',
  badPayload: 'Single sign-on request is malformed',
  unverifiedEmail: 'Verify your email address before signing in to the forum',
} as const;

/**
 * Answers a DiscourseConnect request for the signed-in user: checks the forum's signature, then signs
 * the user's identity for the forum. The email sent is the id token's, and only when Cognito verified
 * it: the forum trusts it and links accounts by it (an address merely typed in is never sent).
 */
export const ssoSignIn: EndpointHandlers<typeof ssoContract>['sso_sign_in'] = async ({ sso, sig }, { caller }) => {
  const secret = await getSecret(secrets.sso.env);
  if (!isValidSignature(sso, sig, secret)) throw badRequest(ssoMessages.badSignature);
  const request = parseRequest(sso);
  const email = caller.attributes?.email;
  if (!request) throw badRequest(ssoMessages.badPayload);
  if (!caller.emailVerified || !email) throw forbidden(ssoMessages.unverifiedEmail);

  const user = await resolveCallerUser(caller);
  const answer = buildResponse(
    {
      nonce: request.nonce,
      email,
      external_id: String(user.id),
      username: user.username,
      name: `${user.first_name} ${user.last_name}`.trim(),
      admin: caller.isAdmin ? 'true' : 'false',
    },
    secret,
  );
  return { return_sso_url: request.returnSsoUrl, ...answer };
};
