import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable, timestamps } from '../../lib/db/table';

/** Email addresses are compared without regard to case or surrounding spaces. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Which username holds an email address: pk `email#{normalized email}`, sk `email` (GetItem, conditional
 * PutItem). Written with a condition at sign-up and at an email change, so two accounts asking for one
 * address at the same moment cannot both get it; `created` says since when the holder has it.
 */
export const EmailClaimEntity = new Entity({
  name: 'email_claim',
  table: portalTable,
  schema: item({ email: string().key(), username: string() }),
  computeKey: ({ email }) => ({ pk: `email#${normalizeEmail(email)}`, sk: 'email' }),
  timestamps,
});
