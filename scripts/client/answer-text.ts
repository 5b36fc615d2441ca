import { decodeBase64urlJson } from '../../shared/base64url';
import type { Product } from '../../shared/contract/product';
import { reservationSchema } from '../../shared/licenses/seat';
import type { ReserveAnswer } from './protocol';

/*
 * What `reserve`, `renew`, `return` and `register` print for a person: a sentence and the fields that
 * matter, each on a line of its own (`--json` gives the portal's answer as it is, for scripts).
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
  const fields: [string, string][] = [['License', String(id)]];
  if (claims.success) {
    const lease = claims.data;
    fields.push(
      ['Type', lease.license_type_id],
      ['Add-ons', lease.addons.map((addon) => (addon.channels === undefined ? addon.id : `${addon.id} (${addon.channels} channels)`)).join(', ') || 'none'],
      ['Valid to', lease.valid_to ?? 'perpetual'],
      ['Lease ends', utcTime(lease.not_after)],
    );
  }
  if (savedTo) fields.push(['Saved to', savedTo]);
  const renewHint = `Renew it online before the lease ends: npm run client -- renew ${id}`;
  return [said, fieldLines(fields), claims.success ? renewHint : 'The lease could not be read: npm run client -- verify FILE says why.'].join('\n');
}

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
