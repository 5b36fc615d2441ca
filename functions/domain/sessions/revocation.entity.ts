import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/** The scope that revokes every token of an account issued up to `revoked_at` (a deleted account). */
export const ACCOUNT_SCOPE = 'account';
/** The scope that revokes every token of one sign-in (tokens carry it as `origin_jti`). */
export const sessionScope = (origin: string) => `session#${origin}`;

/**
 * Tokens the API must refuse before they expire: pk `revoked#{sub}`, sk the scope. One Query of the
 * partition answers for every token of a user. Records expire (ttl) once no token they name can still
 * be valid.
 */
/** A sub's revocations. */
export const revokedPartition = (sub: string) => `revoked#${sub}`;

export const RevocationEntity = new Entity({
  name: 'revocation',
  table: portalTable,
  schema: item({
    sub: string().key(),
    scope: string().key(),
    /** Epoch seconds: tokens issued at or before this moment are refused. */
    revoked_at: number(),
    ttl: number(),
  }),
  computeKey: ({ sub, scope }) => ({ pk: revokedPartition(sub), sk: scope }),
  timestamps: false,
});
