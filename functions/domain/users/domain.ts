import type { Forget } from '../../lib/user-data';
import { usersCounted } from './user-figures';
import { userKind } from './user.kind';
import type { DomainDeclaration } from '../../lib/records/domain';
import { releaseClaim } from './email-claims.repository';
import { EmailClaimEntity } from './email-claim.entity';
import { UserEntity } from './user.entity';
import { deleteUser } from './users.repository';

/** A deleted user's email claim is released and their record deleted: last of all. */
export const forgetUserRecord: Forget = async (user) => {
  await releaseClaim(user.email, user.username);
  await deleteUser(user.sub);
};

/** The users domain: the user record (profile) and the claim on their email address. Deleted last. */
export const usersDomain = {
  domain: 'users',
  kinds: [userKind],
  counted: usersCounted,
  parts: [
    { what: 'the user record: username, email, name, company, legacy flag', entities: [UserEntity], fate: 'delete', why: 'the account is gone' },
    { what: 'the claim on their email address', entities: [EmailClaimEntity], fate: 'release', why: 'the address may sign up again' },
  ],
  forget: forgetUserRecord,
} as const satisfies DomainDeclaration;
