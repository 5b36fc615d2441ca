import { randomInt } from 'node:crypto';
import { codeMessages, parseDuration } from '../../../shared/commerce/codes';

/** Crockford's base32: no I, L, O or U, so a code read aloud or retyped is not mistaken. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/**
 * A new single-use code: 16 characters of a 32-letter alphabet from the system's random source (80 bits),
 * shown in groups of four (`7KQ2-M9XD-…`). Guessing one of a million live codes takes ~10^18 tries.
 */
export function generateCode(): string {
  const groups = Array.from({ length: GROUPS }, () => Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
  return groups.join('-');
}

const toDay = (date: Date) => date.toISOString().slice(0, 10);
const fromDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** The day `duration` after `day` (months and years keep the day of month, or the month's last day). */
export function addDuration(day: string, duration: string): string {
  const { amount, unit } = parseDuration(duration);
  const date = fromDay(day);
  if (unit === 'D' || unit === 'W') return toDay(new Date(date.getTime() + amount * (unit === 'W' ? 7 : 1) * 86_400_000));
  const months = unit === 'Y' ? amount * 12 : amount;
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return toDay(target);
}

export interface RedeemableCode {
  single_usage: boolean;
  duration?: string;
  valid_from?: string;
  valid_to?: string;
  used_by?: number;
}

/** Why a code cannot be redeemed today, or null when it can. */
export function redemptionRefusal(code: RedeemableCode, today: string): string | null {
  if (code.valid_from && today < code.valid_from) return codeMessages.notValid;
  if (code.valid_to && today > code.valid_to) return codeMessages.notValid;
  if (code.single_usage && code.used_by !== undefined) return codeMessages.used;
  return null;
}

/** The days of the license a code gives when redeemed today: its duration from today, else to the campaign's end. */
export function redeemedLicenseDays(code: RedeemableCode, today: string): { valid_from: string; valid_to?: string } {
  if (code.duration) return { valid_from: today, valid_to: addDuration(today, code.duration) };
  return { valid_from: today, ...(code.valid_to ? { valid_to: code.valid_to } : {}) };
}
