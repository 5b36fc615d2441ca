import { inject } from 'vitest';

/**
 * Setup file of the stack tier: points this test process's AWS SDK clients at the test stack (region,
 * credentials, endpoints), as the stack's own process is pointed at it. The stack runs in a process of
 * its own (test/support/global-setup.ts), so a test file gets nothing from the process that started it;
 * code that runs a unit's work here (asUnit, the operator scripts) reads these.
 */
for (const [name, value] of Object.entries(inject('localStack').functionEnv)) {
  if (name.startsWith('AWS_')) process.env[name] = value;
}
