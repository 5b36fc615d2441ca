import { purgeUnconfirmedSignUps } from '../domain/accounts/purge-unconfirmed';
import { unitHandler } from '../lib/lambda-entry';

/** Daily (EventBridge): removes sign-ups never confirmed, so their addresses are free again. */
export const handler = unitHandler({ job: 'purge-unconfirmed' }, () => purgeUnconfirmedSignUps());
