import type { ssoContract } from '../../../shared/contract/sso';
import { secrets } from '../../registry';
import { licenseListOf } from '../../domain/licenses/license-reads';
import { productsOf } from '../../domain/products/product-reads';
import type { EndpointHandlers } from '../../endpoint';
import { badRequest, forbidden } from '../../lib/errors';
import { getSecret } from '../../lib/secrets';
import { buildResponse, isValidSignature, parseRequest } from '../discourse-connect';
import { forumGroups } from '../forum-groups';

export const ssoMessages = {
  badSignature: 'Single sign-on request has an invalid signature',
  badPayload: 'Single sign-on request is malformed',
  unverifiedEmail: 'Verify your email address before signing in to the forum',
} as const;

/**
 * Answers a DiscourseConnect request for the signed-in user: checks the forum's signature, then signs
 * the user's identity for the forum. The email sent is the id token's, and only when Cognito verified
 * it: the forum trusts it and links accounts by it (an address merely typed in is never sent). The
 * answer also sets the portal's forum groups (forum-groups.ts) from the user's licenses, units and role
 * as they are now, so the forum follows a license that lapsed at the next sign-in.
 */
export const ssoSignIn: EndpointHandlers<typeof ssoContract>['sso_sign_in'] = async ({ sso, sig }, { viewer }) => {
  const { caller } = viewer;
  const secret = await getSecret(secrets.sso.env);
  if (!isValidSignature(sso, sig, secret)) throw badRequest(ssoMessages.badSignature);
  const request = parseRequest(sso);
  const email = caller.attributes?.email;
  if (!request) throw badRequest(ssoMessages.badPayload);
  if (!caller.emailVerified || !email) throw forbidden(ssoMessages.unverifiedEmail);

  const user = await viewer.user();
  const [licenses, products] = await Promise.all([licenseListOf(user.id), productsOf(user.id)]);
  const groups = forumGroups({
    licenses: [...licenses.own, ...licenses.shared.map((share) => share.license)],
    productIds: products.map((product) => product.product_id),
    isAdmin: viewer.isAdmin,
  });
  const answer = buildResponse(
    {
      nonce: request.nonce,
      email,
      external_id: String(user.id),
      username: user.username,
      name: `${user.first_name} ${user.last_name}`.trim(),
      admin: viewer.isAdmin ? 'true' : 'false',
      // DiscourseConnect takes each list comma-separated; an empty list is left out.
      ...(groups.add_groups.length ? { add_groups: groups.add_groups.join(',') } : {}),
      ...(groups.remove_groups.length ? { remove_groups: groups.remove_groups.join(',') } : {}),
    },
    secret,
  );
  return { return_sso_url: request.returnSsoUrl, ...answer };
};
