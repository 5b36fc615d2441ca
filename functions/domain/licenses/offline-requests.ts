import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { offlineRequestEnd, type OfflineRequest } from '../../../shared/licenses/offline';
import type { TransactionWrite } from '../../lib/db/write-transaction';
import { expiresIn, isConditionFailure, portalTable } from '../../lib/db/table';
import { writeChanges } from '../../lib/records/write-changes';
import { seatMachineId } from './licenses.repository';
import { OfflineNonceEntity, OfflineRequestEntity, type OfflineRequestRecord } from './offline-request.entity';

export type { OfflineRequestRecord } from './offline-request.entity';

/** Whether `signature` (base64url) is the Ed25519 signature of `signed` (ASCII) by the machine key (raw, base64url). */
export function signedByMachine(signed: string, signature: string, machineKey: string): boolean {
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: machineKey }, format: 'jwk' });
    return verify(null, Buffer.from(signed, 'ascii'), key, Buffer.from(signature, 'base64url'));
  } catch {
    // Not a key at all (32 bytes that are no curve point): nothing it could have signed.
    return false;
  }
}

const epochSeconds = (iso: string) => Math.ceil(Date.parse(iso) / 1000);

/** Every request a user brought that the TTL has not removed yet (ended or not). */
async function storedRequestsOf(userId: number): Promise<OfflineRequestRecord[]> {
  const { Items = [] } = await portalTable
    .build(QueryCommand)
    .entities(OfflineRequestEntity)
    .query({ partition: `offline-requests#${userId}`, range: { beginsWith: 'request#' } })
    .options({ maxPages: Infinity, consistent: true })
    .send();
  return Items;
}

/** The offline requests a user brought, waiting or answered with a lease not yet ended, newest first. */
export async function offlineRequestsOf(userId: number, now = new Date()): Promise<OfflineRequestRecord[]> {
  const Items = await storedRequestsOf(userId);
  // The TTL removes ended ones within a day or two; until then they are left out here.
  return Items.filter((request) => Date.parse(request.state === 'pending' ? request.expires_at : request.lease_end!) > now.getTime()).sort((a, b) =>
    b.submitted_at.localeCompare(a.submitted_at),
  );
}

/** The request a user brought for this machine and license, as stored (ended or not). */
export async function machineRequest(userId: number, licenseId: number, fingerprint: string): Promise<OfflineRequestRecord | undefined> {
  const { Item } = await OfflineRequestEntity.build(GetItemCommand)
    .key({ user_id: userId, license_id: licenseId, machine: seatMachineId(fingerprint) })
    .options({ consistent: true })
    .send();
  return Item;
}

/** Why a request cannot be kept: its nonce was seen, or the machine has one waiting that a racing call wrote. */
export class OfflineRequestTaken extends Error {
  override readonly name = 'OfflineRequestTaken';
}

/**
 * Keeps a checked request as the machine's one outstanding request, with its nonce, in one transaction:
 * only when the nonce was never seen and the machine has no request waiting (an answered or ended one is
 * replaced).
 */
export async function keepOfflineRequest(userId: number, request: OfflineRequest, now = new Date()): Promise<OfflineRequestRecord> {
  const expiresAt = offlineRequestEnd(request.created_at).toISOString();
  const record: OfflineRequestRecord = {
    user_id: userId,
    license_id: request.license_id,
    machine: seatMachineId(request.machine.fingerprint),
    id: randomBytes(12).toString('base64url'),
    ...request.machine,
    machine_key: request.machine_key,
    nonce: request.nonce,
    created_at: request.created_at,
    expires_at: expiresAt,
    submitted_at: now.toISOString(),
    state: 'pending',
    ttl: epochSeconds(expiresAt),
  };
  try {
    await writeChanges([], {
      now,
      items: [
        OfflineNonceEntity.build(PutTransaction)
          .item({ license_id: request.license_id, nonce: request.nonce, ttl: epochSeconds(expiresAt) + 86_400 })
          .options({ condition: { attr: 'nonce', exists: false } }),
        OfflineRequestEntity.build(PutTransaction)
          .item(record)
          .options({ condition: { or: [{ attr: 'state', exists: false }, { attr: 'state', eq: 'answered' }, { attr: 'expires_at', lt: now.toISOString() }] } }),
      ],
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new OfflineRequestTaken('The nonce was seen, or the machine has a request waiting');
    throw error;
  }
  return record;
}

/** A user's request by its id, as stored (ended or not). */
export async function offlineRequestById(userId: number, id: string): Promise<OfflineRequestRecord | undefined> {
  return (await storedRequestsOf(userId)).find((request) => request.id === id);
}

/** The request answered with `lease` (until `leaseEnd`): written in the seat's transaction, only while it is still waiting. */
export const answeredRequest = (request: OfflineRequestRecord, lease: string, leaseEnd: string, now: Date): TransactionWrite =>
  OfflineRequestEntity.build(PutTransaction)
    .item({ ...request, state: 'answered', answered_at: now.toISOString(), lease_end: leaseEnd, lease, ttl: expiresIn(0, Date.parse(leaseEnd)) + 86_400 })
    .options({ condition: { and: [{ attr: 'id', eq: request.id }, { attr: 'state', eq: 'pending' }] } });

/** Withdraws a waiting request; false when it was answered or withdrawn meanwhile. */
export async function withdrawOfflineRequest(request: OfflineRequestRecord): Promise<boolean> {
  try {
    await OfflineRequestEntity.build(DeleteItemCommand)
      .key(request)
      .options({ condition: { and: [{ attr: 'id', eq: request.id }, { attr: 'state', eq: 'pending' }] } })
      .send();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Account deletion: the requests a user brought go (the seats their leases gave are released with the licenses). */
export async function forgetOfflineRequests(userId: number): Promise<void> {
  for (const request of await storedRequestsOf(userId)) await OfflineRequestEntity.build(DeleteItemCommand).key(request).send();
}
