/* global URL, Headers, Request */
/**
 * Makes this process's requests to the test portal name the test file's tenant (scripts/local/tenants.ts):
 * loaded by test/support/tenant.ts in the test process, and by the processes a test starts (NODE_OPTIONS
 * --import), such as the desktop client's command line. Reads PORTAL_TEST_URL and PORTAL_TEST_TENANT at
 * each request, so a worker that runs one file after another names each file's tenant.
 */
const TENANT_HEADER = 'x-portal-tenant';
const key = Symbol.for('portal.test.tenant-fetch');

if (!globalThis[key]) {
  globalThis[key] = true;
  const fetchOfNode = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const { PORTAL_TEST_URL: portal, PORTAL_TEST_TENANT: tenant } = process.env;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    // The portal's requests only: the emulators and other sites get what was sent.
    if (!portal || !tenant || !url.startsWith(`${portal}/`)) return fetchOfNode(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (!headers.has(TENANT_HEADER)) headers.set(TENANT_HEADER, tenant);
    return fetchOfNode(input, { ...init, headers });
  };
}
