import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable, timestamps } from '../../lib/db/table';
import { devicePartition } from '../devices/device.entity';

/**
 * A calibration certificate request (the address to send it to), kept beside its unit after the mail to
 * support went out, so support and admins can see what was asked and where to send it.
 *
 * | access pattern                 | key                                                     | operation |
 * |--------------------------------|---------------------------------------------------------|-----------|
 * | a unit's requests, in order    | pk `device#{uid}`, sk `certificate-request#{id:10}`     | Query     |
 */
export const CertificateRequestEntity = new Entity({
  name: 'certificate-request',
  table: portalTable,
  schema: item({
    uid: string().key(),
    id: number().key(),
    product_id: number(),
    user_id: number(),
    email: string(),
    address1: string(),
    address2: string().optional(),
    zipCode: string(),
    city: string(),
    state: string().optional(),
    country: string(),
  }),
  computeKey: ({ uid, id }) => ({ pk: devicePartition(uid), sk: `certificate-request#${String(id).padStart(10, '0')}` }),
  timestamps,
});
