import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { getEmailSender, type Mail } from '../../lib/adapters/email';
import { isConditionFailure } from '../../lib/db/table';
import { logger } from '../../lib/logger';
import { portalLink } from '../../lib/portal-address';
import { findUserById } from '../users/users.repository';
import { ExpiryNoticeEntity } from './expiry-notice.entity';
import { dueNotice, type ExpiryThreshold } from './expiry-notice.rules';
import { licenseList, type LicenseListRow } from './license-list';

/** Where the owner sees and renews their licenses (the SPA's route). */
const LICENSES_PATH = '/licenses';
/** A claim outlives the end it is about by this long, then DynamoDB removes it. */
const CLAIM_KEPT_SECONDS = 90 * 86_400;

export interface ExpiryNoticeRun {
  /** Notices mailed by this run, as `{licenseId}:{threshold}`. */
  sent: string[];
  /** Due but already sent (an earlier or overlapping run). */
  alreadySent: number;
  /** Due, but the owner turned expiry notices off (or the account is gone). */
  optedOut: number;
  failed: number;
}

/** The mail to the owner: which license, when it ends, and the link to the Licenses page. */
export function expiryNoticeMail(to: string, license: Pick<LicenseListRow, 'id' | 'license_type_id' | 'valid_to' | 'subscription_id'>, days: number, link: string): Mail {
  const what = license.subscription_id !== null ? 'subscription' : 'license';
  const when = days === 1 ? 'tomorrow' : `in ${days} days`;
  return {
    to,
    subject: `Your ${license.license_type_id} ${what} ${license.id} ends ${when}`,
    text: [
      `Your ${license.license_type_id} ${what} (license ${license.id}) ends ${when}, on ${license.valid_to}.`,
      '',
      `See your licenses and renew at ${link}`,
      '',
      'You get this notice 30, 7 and 1 days before a license ends. Turn these notices off on your Profile page.',
    ].join('\n'),
  };
}

/** Claims a notice: true for the one run that may send it. */
async function claim(license: LicenseListRow, threshold: ExpiryThreshold, now: Date): Promise<boolean> {
  try {
    await ExpiryNoticeEntity.build(PutItemCommand)
      .item({
        license_id: license.id,
        valid_to: license.valid_to!,
        threshold,
        user_id: license.user_id,
        sent: now.toISOString(),
        ttl: Math.floor(Date.parse(`${license.valid_to}T00:00:00Z`) / 1000) + CLAIM_KEPT_SECONDS,
      })
      .options({ condition: { attr: 'sent', exists: false } })
      .send();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const giveBack = (license: LicenseListRow, threshold: ExpiryThreshold) =>
  ExpiryNoticeEntity.build(DeleteItemCommand).key({ license_id: license.id, valid_to: license.valid_to!, threshold }).send();

/**
 * The daily run: every license due a notice (from the admin license list's copy, no scan of the table)
 * whose owner has not turned notices off is mailed once per end and threshold. The claim is put before
 * the mail (at most once: a run that stops between the two loses that one notice, never doubles it) and
 * given back when the mail fails, so the next run tries again.
 */
export async function sendExpiryNotices(now = new Date()): Promise<ExpiryNoticeRun> {
  const run: ExpiryNoticeRun = { sent: [], alreadySent: 0, optedOut: 0, failed: 0 };
  const due = [...(await licenseList.current()).values()].flatMap((license) => {
    const notice = dueNotice(license, now);
    return notice ? [{ license, ...notice }] : [];
  });
  const link = due.length ? await portalLink(LICENSES_PATH) : '';
  const mailer = getEmailSender();
  for (const { license, threshold, days } of due) {
    const owner = await findUserById(license.user_id);
    if (!owner || owner.expiry_notices === false) {
      run.optedOut++;
      continue;
    }
    if (!(await claim(license, threshold, now))) {
      run.alreadySent++;
      continue;
    }
    try {
      await mailer.send(expiryNoticeMail(owner.email, license, days, link));
      run.sent.push(`${license.id}:${threshold}`);
    } catch (error) {
      run.failed++;
      logger.warn('Expiry notice not sent; the next run tries again', { license_id: license.id, threshold, error: error as Error });
      await giveBack(license, threshold);
    }
  }
  logger.info('Expiry notices', { sent: run.sent.length, already_sent: run.alreadySent, opted_out: run.optedOut, failed: run.failed });
  return run;
}
