import { daysLeft, isPerpetual } from '../../../shared/licenses/display';

/**
 * Which expiry notice a license is due, if any (pure: the daily job asks it for every license). A notice
 * is due 30, 7 and 1 days before the license's last day; a day the job missed is caught up the next day
 * with the tightest threshold that applies (a license found 5 days before its end gets the 7-day notice,
 * never the 30-day one as well). The job then sends each (license, end, threshold) once.
 */
export const EXPIRY_NOTICE_THRESHOLDS = [30, 7, 1] as const;
export type ExpiryThreshold = (typeof EXPIRY_NOTICE_THRESHOLDS)[number];

export interface NoticeCandidate {
  valid_to: string | null;
  enabled: boolean;
  subscription_id: number | null;
  subscription_state: string | null;
}

/**
 * Whether the license ends at all: perpetual licenses never do, and a subscription that renews (active,
 * or its state not known yet) goes on; a canceled subscription runs to its paid end and then ends.
 */
export function ends(license: NoticeCandidate): boolean {
  if (isPerpetual(license.valid_to)) return false;
  if (license.subscription_id !== null) return license.subscription_state === 'canceled';
  return true;
}

/** The notice due today: the smallest threshold at or above the days left (1 to 30), or null. Disabled licenses get none. */
export function dueNotice(license: NoticeCandidate, today: Date): { threshold: ExpiryThreshold; days: number } | null {
  if (!license.enabled || !ends(license)) return null;
  const days = daysLeft(license.valid_to, today);
  if (days === null || days < 1) return null;
  const threshold = [...EXPIRY_NOTICE_THRESHOLDS].reverse().find((t) => days <= t);
  return threshold === undefined ? null : { threshold, days };
}
