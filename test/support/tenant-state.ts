/**
 * The tenant this test file works in on the shared test stack (set by test/support/tenant.ts, the stack
 * tier's setup file; undefined elsewhere), and what a worker keeps from one file to the next.
 */
export interface TenantState {
  tenant?: string;
  /** The email domain of the tenant's users (scripts/local/tenant-names.ts). */
  emailDomain?: string;
  /** The units' environment as the stack gave it, before any file's tenant replaced its table and buckets. */
  baseEnv?: Record<string, string>;
  poolFiltered?: boolean;
}

const registry = globalThis as typeof globalThis & { [key: symbol]: TenantState | undefined };
const key = Symbol.for('portal.test.tenant');

export const tenantState = (): TenantState => (registry[key] ??= {});

/** This file's tenant on the test stack (undefined outside the stack tier). */
export const testTenant = (): string | undefined => registry[key]?.tenant;

/** The email domain of this file's users: its tenant's on the test stack, else `example.com`. */
export const testEmailDomain = (): string => registry[key]?.emailDomain ?? 'example.com';
