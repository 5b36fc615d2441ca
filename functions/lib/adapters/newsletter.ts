import { createHash } from 'node:crypto';
import { ENV } from '../../../shared/runtime';
import { logger } from '../logger';
import { functionEnv } from '../runtime-env';
import { getSecret } from '../secrets';
import { appendRecord } from './local-outbox';

export interface Subscriber {
  email: string;
  first_name: string;
  last_name: string;
}

/** The newsletter provider, seen from the portal: it only ever subscribes the person signing up. */
export interface NewsletterAdapter {
  subscribe(subscriber: Subscriber): Promise<void>;
}

/**
 * Mailchimp's API: PUT on the member whose id is the MD5 of the lower-case address, so subscribing twice
 * is harmless. Configured by MAILCHIMP_SERVER (e.g. us21), MAILCHIMP_LIST_ID and the API key secret.
 */
function mailchimp(server: string, listId: string): NewsletterAdapter {
  return {
    async subscribe({ email, first_name, last_name }) {
      const key = await getSecret('MAILCHIMP_API_KEY');
      const member = createHash('md5').update(email.toLowerCase()).digest('hex');
      const response = await fetch(`https://${server}.api.mailchimp.com/3.0/lists/${listId}/members/${member}`, {
        method: 'PUT',
        headers: { authorization: `Basic ${Buffer.from(`portal:${key}`).toString('base64')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email_address: email, status_if_new: 'subscribed', merge_fields: { FNAME: first_name, LNAME: last_name } }),
        signal: AbortSignal.timeout(4_000),
      });
      if (!response.ok) throw new Error(`Mailchimp answered ${response.status}`);
    },
  };
}

/** The local file recorder, Mailchimp when configured, else one that only logs. */
export function getNewsletterAdapter(env: Readonly<Record<string, string | undefined>> = functionEnv()): NewsletterAdapter {
  const outbox = env[ENV.localNewsletterFile];
  if (outbox) return { subscribe: async (subscriber) => appendRecord(outbox, { action: 'subscribe', ...subscriber }) };
  const server = env[ENV.mailchimpServer];
  const listId = env[ENV.mailchimpListId];
  if (server && listId) return mailchimp(server, listId);
  return { subscribe: async () => logger.warn('No newsletter provider configured (MAILCHIMP_*); subscription skipped') };
}
