import { badRequest, forbidden } from '../lib/errors';
import type { EndpointHandlers } from '../lib/endpoint-app';
import { getSecret } from '../lib/secrets';
import { resolveCallerUser } from '../lib/users';
import { buildResponse, isValidSignature, parseRequest } from './discourse-connect';

export const ssoMessages = {
  badSignature: 'Single sign-on request has an invalid signature',
  badPayload: 'Single sign-on request is malformed',
  unverifiedEmail: 'Verify your email address before signing in to the forum',
} as const;

/**
 * Answers a DiscourseConnect request for the signed-in user: checks the forum's signature, then signs
 * the user's identity for the forum. Only verified email addresses are sent (Discourse trusts them).
 */
export const ssoSignIn: EndpointHandlers<'sso'>['sso_sign_in'] = async ({ sso, sig }, { caller }) => {
  const secret = await getSecret('SSO_SECRET');
  if (!isValidSignature(sso, sig, secret)) throw badRequest(ssoMessages.badSignature);
  const request = parseRequest(sso);
  if (!request) throw badRequest(ssoMessages.badPayload);
  if (!caller.emailVerified) throw forbidden(ssoMessages.unverifiedEmail);

  const user = await resolveCallerUser(caller);
  const answer = buildResponse(
    {
      nonce: request.nonce,
      email: user.email,
      external_id: String(user.id),
      username: user.username,
      name: `${user.first_name} ${user.last_name}`.trim(),
      admin: caller.isAdmin ? 'true' : 'false',
    },
    secret,
  );
  return { return_sso_url: request.returnSsoUrl, ...answer };
};
