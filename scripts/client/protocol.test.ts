import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signingKeyFromSecret } from '../../functions/lib/signing-key';
import { encodeReservation, leaseEnd, LEASE_DAYS, type Reservation } from '../../shared/licenses/seat';
import { verifyReservation } from './protocol';

const portal = signingKeyFromSecret('the portal signing secret');
const trusted = [{ key_id: portal.keyId, public_key: portal.publicKeyPem }];
const issued = new Date('2026-11-25T10:00:00.000Z');
const hoursAfter = (hours: number) => new Date(issued.getTime() + hours * 3_600_000);

function reservation(fields: Partial<Reservation> = {}): Reservation {
  return {
    license_id: 7,
    license_type_id: 'Enterprise',
    addons: [],
    fingerprint: 'fp-laptop',
    valid_to: null,
    issued_at: issued.toISOString(),
    not_after: leaseEnd(issued, fields.valid_to ?? null).toISOString(),
    user_id: 3,
    username: 'demo',
    key_id: portal.keyId,
    ...fields,
  };
}

/** Signs as the portal does: Ed25519 over the token's ASCII bytes. */
function signed(claims: object, key: { sign(data: Buffer): Buffer } = portal) {
  const token = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return { token, signature: key.sign(Buffer.from(token, 'ascii')).toString('base64url') };
}

describe('checking a saved reservation offline', () => {
  it('accepts the portal’s lease with a trusted key, for its machine, until the lease ends', () => {
    const lease = { token: encodeReservation(reservation()), signature: '' };
    lease.signature = portal.sign(Buffer.from(lease.token, 'ascii')).toString('base64url');
    expect(verifyReservation(lease, trusted, { machine: { fingerprint: 'fp-laptop' }, now: hoursAfter(1) })).toMatchObject({
      license_id: 7,
      user_id: 3,
      not_after: hoursAfter(LEASE_DAYS * 24).toISOString(),
    });
    expect(() => verifyReservation(lease, trusted, { now: hoursAfter(LEASE_DAYS * 24) })).toThrow(/lease ended at 2026-12-02T10:00:00.000Z/);
    expect(() => verifyReservation(lease, trusted, { machine: { fingerprint: 'fp-other' }, now: hoursAfter(1) })).toThrow(/another machine/);
  });

  it('ends a lease at the license’s last day, and refuses after that day even within a lease', () => {
    expect(leaseEnd(issued, '2026-11-27').toISOString()).toBe('2026-11-28T00:00:00.000Z');
    const lastDay = signed(reservation({ valid_to: '2026-11-27' }));
    expect(verifyReservation(lastDay, trusted, { now: hoursAfter(61) }).valid_to).toBe('2026-11-27');
    expect(() => verifyReservation(lastDay, trusted, { now: hoursAfter(62) })).toThrow(/lease ended/);
    // A lease that claims to run past the license's end is still refused after its last day.
    const longer = signed(reservation({ valid_to: '2026-11-27', not_after: hoursAfter(100).toISOString() }));
    expect(() => verifyReservation(longer, trusted, { now: hoursAfter(64) })).toThrow(/license ended on 2026-11-27/);
  });

  it('refuses a key it does not carry, whatever the token claims, and an answer without a lease', () => {
    const stranger = generateKeyPairSync('ed25519');
    const strangerKey = { sign: (data: Buffer) => sign(null, data, stranger.privateKey) };
    // A portal of its own, with its own key, naming the trusted key's id: the signature does not hold.
    expect(() => verifyReservation(signed(reservation(), strangerKey), trusted, { now: hoursAfter(1) })).toThrow(/not signed by this portal/);
    expect(() => verifyReservation(signed(reservation({ key_id: 'homemade' }), strangerKey), trusted, { now: hoursAfter(1) })).toThrow(
      /key homemade, which this client does not trust/,
    );
    const { not_after: _dropped, user_id: _user, username: _name, ...beforeLeases } = reservation();
    expect(() => verifyReservation(signed(beforeLeases), trusted, { now: hoursAfter(1) })).toThrow(/reserve again/);
  });
});
