import { ENV } from '../../shared/runtime';
import { functionEnv } from '../lib/runtime-env';

/** The support desk's address on the local stack (SUPPORT_EMAIL and MAIL_FROM unset): the local mailbox records it. */
export const LOCAL_SUPPORT_ADDRESS = 'support@example.com';

/**
 * Where mail for the support desk goes (certificate requests, customers' case comments): the support desk's
 * mailbox (SUPPORT_EMAIL), else the portal's own address (MAIL_FROM), else the local support address.
 */
export const supportAddress = (env = functionEnv()): string => env[ENV.supportEmail] || env[ENV.mailFrom] || LOCAL_SUPPORT_ADDRESS;
