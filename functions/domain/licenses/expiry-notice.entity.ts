import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * That an expiry notice of a license's end was sent (or is being sent) to its owner: put only where none
 * exists, before the mail goes, so a retried or overlapping run never mails twice. Keyed by the end too:
 * a license extended to a new end gets that end's notices. Gone by itself a while after the end (TTL).
 *
 * | access pattern                       | key                                                      | operation              |
 * |--------------------------------------|----------------------------------------------------------|------------------------|
 * | claim a notice (once)                | pk `expiry-notice#{licenseId}`, sk `{valid_to}#{days}`   | PutItem, if not there  |
 * | give a claim back (the mail failed)  | same                                                     | DeleteItem             |
 */
export const ExpiryNoticeEntity = new Entity({
  name: 'expiry-notice',
  table: portalTable,
  schema: item({
    license_id: number().key(),
    valid_to: string().key(),
    threshold: number().key(),
    user_id: number(),
    /** When it was claimed (ISO time). */
    sent: string(),
    ttl: number(),
  }),
  computeKey: ({ license_id, valid_to, threshold }) => ({ pk: `expiry-notice#${license_id}`, sk: `${valid_to}#${threshold}` }),
  timestamps: false,
});
