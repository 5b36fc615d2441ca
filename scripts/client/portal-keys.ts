import type { TrustedKey } from './trusted-keys';

/**
 * The production portal's public signing keys, by key id: what the desktop app carries, and the only keys
 * (with a keys file given on the command line, or the local stack's own) the client checks a reservation
 * with. Never fetched from the portal it talks to: a portal on any address can serve a key of its own.
 *
 * A key is added here before the portal signs with it and removed a lease (LEASE_DAYS) after the portal
 * stopped signing with it, so that rotation breaks no saved reservation (docs/decisions/020-seat-protocol.md).
 * `npx tsx scripts/client/key-of-secret.ts < secret` prints an entry for a signing secret's value.
 * Empty until the first deployment's key is recorded.
 */
export const PORTAL_KEYS: readonly TrustedKey[] = [];
