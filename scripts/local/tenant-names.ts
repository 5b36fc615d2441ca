/**
 * How a request and a user name their tenant on a test stack (scripts/local/tenants.ts): shared by the
 * local server and the test clients, and by nothing under functions/.
 */
export const TENANT_HEADER = 'x-portal-tenant';
export const TENANT_COOKIE = 'portal_tenant';

/** A tenant's name: lower case letters, digits and hyphens, as bucket names take them. */
export const TENANT_NAME = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

/**
 * The email domain of a tenant's users, by the tenant's number: as short as `example.com`, since screens
 * show addresses and lay out by their length. Cognito calls the triggers (not the test, nor the portal), so
 * a trigger runs in the tenant its user's address names; every other address is the stack's own.
 */
export const tenantEmailDomain = (index: number): string => `t${index}.example`;

/** The domain of an address as its tenant is looked up by (letter case and surrounding spaces aside). */
export const emailDomainOf = (email: string | undefined): string | undefined => email?.trim().toLowerCase().split('@')[1];

/**
 * A test file that reads the demo's volume (the 48 more customers, months of dashboard and usage
 * history) says so in a line of its own, `// test tenant: with the demo's volume`, and its tenant starts
 * with it; every other file's tenant starts from the demo without it, a much smaller table.
 */
export const DEMO_VOLUME_MARKER = /^\/\/ test tenant: with the demo's volume$/m;
