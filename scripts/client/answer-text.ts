import { decodeBase64urlJson } from '../../shared/base64url';
import type { Product } from '../../shared/contract/product';
import { reservationSchema, type LeaseKind, type Reservation } from '../../shared/licenses/seat';
import type { ReserveAnswer } from './protocol';
import type { OfflineState } from './offline';
import { offlineRequestEnd } from '../../shared/licenses/offline';

/*
 * What `reserve`, `renew`, `return`, `register`, `verify` and `key` print for a person: a sentence and the
 * fields that matter, each on a line of its own (`--json` gives the answer as it is, for scripts).
 */

/** Label-value lines, the values aligned. */
export function fieldLines(fields: readonly (readonly [string, string])[]): string {
  const width = Math.max(...fields.map(([label]) => label.length));
  return fields.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join('\n');
}

/** An ISO time as a person reads it: the day (year-month-day), the minute, and the zone (UTC). */
export const utcTime = (iso: string) => {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : `${time.toISOString().slice(0, 10)} ${time.toISOString().slice(11, 16)} UTC`;
};

/**
 * A reservation or renewal: what the lease grants and when it ends. Read from the signed token as the portal
 * sent it, for information (`verify` checks a saved lease with the trusted keys).
 */
export function leaseText(answer: ReserveAnswer, how: 'reserved' | 'renewed', savedTo?: string): string {
  const id = answer.license_id;
  const claims = reservationSchema.safeParse(safeDecode(answer.reservation.token));
  const said =
    how === 'renewed'
      ? `Renewed the lease of license ${id} on this machine.`
      : `Reserved license ${id} for this machine${answer.takeover ? ' (taken over from the machine that held it)' : ''}.`;
  const fields: [string, string][] = claims.success ? leaseFields(claims.data) : [['License', String(id)]];
  if (savedTo) fields.push(['Saved to', savedTo]);
  const renewHint = `Renew it online before the lease ends: npm run client -- renew ${id}`;
  return [said, fieldLines(fields), claims.success ? renewHint : 'The lease could not be read: npm run client -- verify FILE says why.'].join('\n');
}

/** What a lease grants and until when. */
const leaseFields = (lease: Reservation): [string, string][] => [
  ['License', String(lease.license_id)],
  ['Type', lease.license_type_id],
  ['Add-ons', lease.addons.map((addon) => (addon.channels === undefined ? addon.id : `${addon.id} (${addon.channels} channels)`)).join(', ') || 'none'],
  ['Valid to', lease.valid_to ?? 'perpetual'],
  ['Lease', LEASE_KIND_TEXT[lease.kind ?? 'online']],
  ['Lease ends', utcTime(lease.not_after)],
];

const LEASE_KIND_TEXT: Record<LeaseKind, string> = {
  online: 'online (renew it while online)',
  offline: 'offline (for a machine without network)',
  floating: 'floating (one of the license’s seats; renew it at half its length while the app runs)',
  borrow: 'borrowed (taken along; return it early with return)',
};

/** A saved lease that verified offline: what it grants, to whom, until when, and which key signed it. */
export const verifiedText = (lease: Reservation) =>
  [
    'The lease is valid for this machine.',
    fieldLines([...leaseFields(lease), ['User', `${lease.username} (id ${lease.user_id})`], ['Signed', `${utcTime(lease.issued_at)} with key ${lease.key_id}`]]),
  ].join('\n');

/** The key the portal names, and whether this client trusts it (information only). */
export const keyText = (key: { key_id: string; algorithm: string; public_key: string; trusted: boolean }) =>
  [
    `The portal signs with key ${key.key_id} (${key.algorithm}): ${key.trusted ? 'this client trusts it.' : 'this client does NOT trust it; leases signed with it will not verify.'}`,
    key.public_key.trim(),
  ].join('\n');

/** A returned seat. */
export const returnText = (answer: { license_id: number; available: boolean }) =>
  `Returned the seat of license ${answer.license_id}: ${answer.available ? 'it is free for any of the account’s machines.' : 'it is not available now.'}`;

/** A registered unit: which one, and what the portal knows of it. */
export function registeredText(product: Product): string {
  return [
    `Registered unit ${product.uid} to this account.`,
    fieldLines([
      ['Product', product.product_id],
      ['Unit uid', product.uid],
      ['Hardware', product.hardware_version],
      ['EAN', product.ean],
      ['Registered', utcTime(product.created)],
      ['License', product.license_id === null ? 'none' : String(product.license_id)],
    ]),
  ].join('\n');
}

function safeDecode(token: string): unknown {
  try {
    return decodeBase64urlJson(token);
  } catch {
    return undefined;
  }
}

/** The machine's offline state: its outstanding request (or that it ended) and the offline lease it holds. */
export function offlineStatusText(state: OfflineState, now: Date): string {
  const lines: string[] = [];
  if (state.request) {
    const end = offlineRequestEnd(state.request.created_at);
    lines.push(
      end > now
        ? `Outstanding request for license ${state.request.license_id}, made ${utcTime(state.request.created_at)}, ends ${utcTime(end.toISOString())} unanswered`
        : `The request for license ${state.request.license_id} ended ${utcTime(end.toISOString())} unanswered: make a new one`,
    );
  } else lines.push('No request is outstanding');
  if (state.lease) {
    lines.push(
      Date.parse(state.lease.not_after) > now.getTime()
        ? `Holds license ${state.lease.license_id} offline until ${utcTime(state.lease.not_after)}`
        : `The offline lease of license ${state.lease.license_id} ended ${utcTime(state.lease.not_after)}`,
    );
  } else lines.push('Holds no offline lease');
  return lines.join('\n');
}
