import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeReservation, type Reservation } from '../../shared/licenses/seat';
import { OFFLINE_REQUEST_DAYS, OFFLINE_REQUEST_PREFIX, offlineRequestSchema, parseSignedText } from '../../shared/licenses/offline';
import { activateOfflineLease, makeOfflineRequest, newMachineKey, offlineReturnCode, OfflineRefused, withdrawOfflineRequest } from './offline';
import { ReservationRefused } from './protocol';

const machine = { fingerprint: 'fp-bench', hostname: 'bench.lab', client_version: '3.1.0', os: 'linux' };
const DAY_MS = 86_400_000;

/** A portal key of the test's own, and a lease it signs. */
function portal() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const keys = [{ key_id: 'k1', public_key: publicKey.export({ format: 'pem', type: 'spki' }).toString() }];
  const lease = (fields: Partial<Reservation>) => {
    const token = encodeReservation({
      license_id: 7,
      license_type_id: 'Pro',
      addons: [],
      fingerprint: machine.fingerprint,
      valid_to: null,
      issued_at: new Date().toISOString(),
      not_after: new Date(Date.now() + 30 * DAY_MS).toISOString(),
      user_id: 1,
      username: 'demo',
      key_id: 'k1',
      kind: 'offline',
      lease_id: 'lease-1',
      ...fields,
    });
    return { token, signature: sign(null, Buffer.from(token, 'ascii'), privateKey).toString('base64url') };
  };
  return { keys, lease };
}

describe('the offline seat on the machine', () => {
  it('writes a signed request the portal parses strictly, one outstanding at a time until it ends or is withdrawn', () => {
    const key = newMachineKey();
    const { state, text } = makeOfflineRequest({}, 7, machine, key);
    expect(parseSignedText(text, OFFLINE_REQUEST_PREFIX, offlineRequestSchema)?.value).toMatchObject({ license_id: 7, machine, nonce: state.request!.nonce });
    expect(parseSignedText(` ${text}\n`, OFFLINE_REQUEST_PREFIX, offlineRequestSchema)).not.toBeNull();
    expect(parseSignedText(`${text}x`, OFFLINE_REQUEST_PREFIX, offlineRequestSchema)).toBeNull();
    expect(parseSignedText(text.replace(OFFLINE_REQUEST_PREFIX, 'SEATRET1'), OFFLINE_REQUEST_PREFIX, offlineRequestSchema)).toBeNull();
    expect(() => makeOfflineRequest(state, 7, machine, key)).toThrow(OfflineRefused);
    expect(makeOfflineRequest(state, 7, machine, key, { replace: true }).state.request!.nonce).not.toBe(state.request!.nonce);
    expect(makeOfflineRequest(state, 7, machine, key, { now: new Date(Date.now() + (OFFLINE_REQUEST_DAYS + 1) * DAY_MS) }).text).toMatch(/^SEATREQ1\./);
    expect(withdrawOfflineRequest(state)).toEqual({});
  });

  it('takes only the offline lease that answers its own request, and ends it with a return code once', () => {
    const { keys, lease } = portal();
    const { state } = makeOfflineRequest({}, 7, machine, newMachineKey());
    expect(() => activateOfflineLease(state, lease({ nonce: 'another-request' }), keys, machine)).toThrow(ReservationRefused);
    expect(() => activateOfflineLease(state, lease({ nonce: state.request!.nonce, kind: 'online' }), keys, machine)).toThrow(ReservationRefused);
    expect(() => activateOfflineLease({}, lease({ nonce: state.request!.nonce }), keys, machine)).toThrow(ReservationRefused);
    const { state: holding } = activateOfflineLease(state, lease({ nonce: state.request!.nonce }), keys, machine);
    expect(holding.request).toBeUndefined();
    const { state: after, text } = offlineReturnCode(holding, machine, newMachineKey());
    expect(text).toMatch(/^SEATRET1\./);
    expect(() => offlineReturnCode(after, machine, newMachineKey())).toThrow(OfflineRefused);
  });
});
