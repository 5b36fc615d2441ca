import { sendExpiryNotices } from '../domain/licenses/expiry-notices';
import { unitHandler } from '../lib/lambda-entry';

/** Daily (EventBridge): mails each license owner 30, 7 and 1 days before a license ends, once each. */
export const handler = unitHandler({ job: 'expiry-notices' }, () => sendExpiryNotices());
