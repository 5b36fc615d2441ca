import type { UserProfile } from '../../../shared/contract/user';
import type { UserRecord } from './users.repository';

/** The profile the API answers with (the contract's userProfileSchema), from the stored record. */
export function toProfile(user: UserRecord): UserProfile {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    company: user.company ?? '',
    beta_access: user.beta_access ?? false,
    legacy: user.legacy ?? false,
    expiry_notices: user.expiry_notices ?? true,
  };
}
