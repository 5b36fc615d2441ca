import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import {
  OFFLINE_REQUEST_PREFIX,
  OFFLINE_RETURN_PREFIX,
  offlineRequestEnd,
  signedText,
  type OfflineRequest,
  type OfflineReturn,
} from '../../shared/licenses/offline';
import { encodeBase64urlJson } from '../../shared/base64url';
import type { Machine, Reservation } from '../../shared/licenses/seat';
import { ReservationRefused, verifyReservation } from './protocol';
import type { TrustedKey } from './trusted-keys';

/**
 * The offline seat protocol on the machine's side (shared/licenses/offline.ts): nothing here reaches the
 * network. The machine has a key of its own (Ed25519, made once and kept); it writes one request at a time
 * and keeps it as outstanding until its lease file comes back; it checks the lease with the keys it trusts
 * and that it answers its own request; to give the seat back it ends the lease and signs a return code.
 */

/** The machine's key, kept as a JWK (its private part stays on the machine). */
export interface MachineKeyFile {
  private_jwk: { kty: 'OKP'; crv: 'Ed25519'; d: string; x: string };
}

export const newMachineKey = (): MachineKeyFile => {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { private_jwk: privateKey.export({ format: 'jwk' }) as MachineKeyFile['private_jwk'] };
};

const privateKeyOf = (file: MachineKeyFile): KeyObject => createPrivateKey({ key: file.private_jwk, format: 'jwk' });
/** The public key as the request names it: its 32 raw bytes, base64url. */
export const machinePublicKey = (file: MachineKeyFile): string => (createPublicKey(privateKeyOf(file)).export({ format: 'jwk' }) as { x: string }).x;

/** What the machine keeps between steps: its one outstanding request, and the lease it holds. */
export interface OfflineState {
  request?: { text: string; license_id: number; nonce: string; created_at: string };
  lease?: { license_id: number; lease_id: string; not_after: string; signed: unknown };
}

/** Why the machine refuses a step (an outstanding request, no lease, a lease that is not its answer). */
export class OfflineRefused extends Error {
  override readonly name = 'OfflineRefused';
}

function signed(prefix: string, payload: unknown, key: MachineKeyFile): string {
  const encoded = encodeBase64urlJson(payload);
  return signedText(prefix, encoded, sign(null, Buffer.from(encoded, 'ascii'), privateKeyOf(key)).toString('base64url'));
}

/**
 * Writes a request for `licenseId`: the machine's description, a fresh nonce, its public key, signed. One
 * request is outstanding at a time: another is refused while one waits (and has not ended), unless `replace`
 * (the old one's lease is then no longer accepted here).
 */
export function makeOfflineRequest(
  state: OfflineState,
  licenseId: number,
  machine: Machine,
  key: MachineKeyFile,
  { now = new Date(), replace = false }: { now?: Date; replace?: boolean } = {},
): { state: OfflineState; text: string } {
  const waiting = state.request;
  if (waiting && !replace && offlineRequestEnd(waiting.created_at) > now) {
    throw new OfflineRefused(`A request for license ${waiting.license_id} made ${waiting.created_at} is outstanding: activate its lease, withdraw it, or replace it (--replace)`);
  }
  const request: OfflineRequest = {
    v: 1,
    license_id: licenseId,
    machine,
    nonce: randomBytes(16).toString('base64url'),
    machine_key: machinePublicKey(key),
    created_at: now.toISOString(),
  };
  const text = signed(OFFLINE_REQUEST_PREFIX, request, key);
  return { state: { ...state, request: { text, license_id: licenseId, nonce: request.nonce, created_at: request.created_at } }, text };
}

/** Forgets the outstanding request (withdraw it in the portal too, if it was brought there). */
export function withdrawOfflineRequest(state: OfflineState): OfflineState {
  if (!state.request) throw new OfflineRefused('No request is outstanding');
  const { request: _withdrawn, ...rest } = state;
  return rest;
}

/**
 * Takes the lease file brought back: signed by a trusted key, for this machine, of kind offline, the
 * answer to the outstanding request (its nonce), not ended. The request is no longer outstanding.
 */
export function activateOfflineLease(
  state: OfflineState,
  leaseFile: unknown,
  keys: readonly TrustedKey[],
  machine: Pick<Machine, 'fingerprint'>,
  now = new Date(),
): { state: OfflineState; reservation: Reservation } {
  const reservation = verifyReservation(leaseFile, keys, { machine, now });
  if (reservation.kind !== 'offline' || reservation.lease_id === undefined) throw new ReservationRefused('This is not an offline lease: bring the lease file the portal gave for the request');
  if (!state.request || reservation.nonce !== state.request.nonce) throw new ReservationRefused("This lease does not answer this machine's outstanding request");
  const { request: _answered, ...rest } = state;
  return { state: { ...rest, lease: { license_id: reservation.license_id, lease_id: reservation.lease_id, not_after: reservation.not_after, signed: leaseFile } }, reservation };
}

/** Ends the lease the machine holds and signs the code that frees its seat in the portal. */
export function offlineReturnCode(state: OfflineState, machine: Pick<Machine, 'fingerprint'>, key: MachineKeyFile, now = new Date()): { state: OfflineState; text: string } {
  if (!state.lease) throw new OfflineRefused('This machine holds no offline lease');
  const returned: OfflineReturn = {
    v: 1,
    license_id: state.lease.license_id,
    fingerprint: machine.fingerprint,
    lease_id: state.lease.lease_id,
    returned_at: now.toISOString(),
  };
  const { lease: _ended, ...rest } = state;
  return { state: rest, text: signed(OFFLINE_RETURN_PREFIX, returned, key) };
}
