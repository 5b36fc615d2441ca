/**
 * How a request and a user name their tenant on a test stack (scripts/local/tenants.ts): shared by the
 * local server and the test clients, and by nothing under functions/.
 */
export const TENANT_HEADER = 'x-portal-tenant';
export const TENANT_COOKIE = 'portal_tenant';

/** A tenant's name: lower case letters, digits and hyphens, as bucket names take them. */
export const TENANT_NAME = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

const EMAIL_DOMAIN = '.tenant.example';

/**
 * The email domain of a tenant's users. Cognito calls the triggers (not the test, nor the portal), so a
 * trigger runs in the tenant its user's address names; every other address is the stack's own.
 */
export const tenantEmailDomain = (name: string): string => `${name}${EMAIL_DOMAIN}`;

/** The tenant an address is at, if it is at a tenant's email domain. */
export function tenantOfEmail(email: string | undefined): string | undefined {
  const domain = email?.toLowerCase().split('@')[1];
  if (!domain?.endsWith(EMAIL_DOMAIN)) return undefined;
  const name = domain.slice(0, -EMAIL_DOMAIN.length);
  return TENANT_NAME.test(name) ? name : undefined;
}
