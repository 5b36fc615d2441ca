import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * An offline request a user brought to the portal for a machine without network: one per machine and
 * license (a new one waits until the last is answered, withdrawn or ended), gone by TTL when it ends
 * unanswered or when its lease ends.
 *
 * | access pattern                     | key                                                                 | operation        |
 * |------------------------------------|---------------------------------------------------------------------|------------------|
 * | a user's requests                  | pk `offline-requests#{userId}`, sk begins_with `request#`           | Query            |
 * | a machine's request for a license  | pk `offline-requests#{userId}`, sk `request#{licenseId:10}#{machine}` | conditional Put |
 */
export const OfflineRequestEntity = new Entity({
  name: 'offline-request',
  table: portalTable,
  schema: item({
    user_id: number().key(),
    license_id: number().key(),
    /** The machine's hash (seatMachineId), as the machine budget names it. */
    machine: string().key(),
    /** Random: the screens and cmds name the request by it. */
    id: string(),
    fingerprint: string(),
    hostname: string(),
    os: string(),
    client_version: string(),
    /** The machine's Ed25519 public key (raw, base64url): it signs the return code. */
    machine_key: string(),
    nonce: string(),
    created_at: string(),
    expires_at: string(),
    submitted_at: string(),
    state: string().enum('pending', 'answered'),
    answered_at: string().optional(),
    lease_end: string().optional(),
    /** The lease file's contents (JSON of the signed reservation). */
    lease: string().optional(),
    /** Epoch seconds: DynamoDB removes it once it ended unanswered, or once its lease ended. */
    ttl: number(),
  }),
  computeKey: ({ user_id, license_id, machine }) => ({
    pk: `offline-requests#${user_id}`,
    sk: `request#${String(license_id).padStart(10, '0')}#${machine}`,
  }),
  timestamps: false,
});
export type OfflineRequestRecord = FormattedItem<typeof OfflineRequestEntity>;

/**
 * A request's nonce, kept while a request carrying it could still be brought: the same request is never
 * brought twice (withdrawn, answered or not).
 *
 * | access pattern  | key                                                 | operation        |
 * |-----------------|-----------------------------------------------------|------------------|
 * | a nonce seen    | pk `offline-nonce#{licenseId}#{nonce}`, sk `nonce`  | conditional Put  |
 */
export const OfflineNonceEntity = new Entity({
  name: 'offline-nonce',
  table: portalTable,
  schema: item({
    license_id: number().key(),
    nonce: string().key(),
    ttl: number(),
  }),
  computeKey: ({ license_id, nonce }) => ({ pk: `offline-nonce#${license_id}#${nonce}`, sk: 'nonce' }),
  timestamps: false,
});
