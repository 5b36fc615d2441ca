import type { Entity } from 'dynamodb-toolbox/entity';
import type { CmdResult } from '../../shared/contract/define';
import type { userAdminContract } from '../../shared/contract/user.admin';

/**
 * What each domain keeps of a user, and what becomes of it when the account is deleted. Every domain
 * declares its part in its declaration (functions/domain/<domain>/domain.ts), and account deletion goes
 * over the root list of domains (functions/domain/domains.ts); a test finds every stored entity whose
 * attributes name a user and fails when one is not declared.
 *
 * What becomes of it:
 * - `delete`: removed with the account;
 * - `detach`: the record stays (it is needed for something else) but no longer serves the user (a
 *   license of theirs: disabled, its seat released, its shares ended);
 * - `release`: the user's hold on a shared thing ends (a unit they registered, a seat they hold, a
 *   share with them, their email address) and someone else may take it;
 * - `expire`: stays until its time to live removes it (it must outlive the account a little: tokens
 *   refused, limits, recent seat events);
 * - `keep`: stays, with the reason (records the business must keep, other users' history); such
 *   records name the user by number only, never by name or address.
 */
export type UserDataFate = 'delete' | 'detach' | 'release' | 'expire' | 'keep';

export interface UserDataPart {
  /** What is kept, in words. */
  what: string;
  /** The stored entities that hold it (the check matches entities against these). */
  entities: readonly Entity[];
  fate: UserDataFate;
  /** Why this fate: what needs it, or why it may go. */
  why: string;
}

/** The account being deleted, as its user record knew it. */
export interface DeletedUser {
  id: number;
  sub: string;
  username: string;
  email: string;
}

type UserInformation = CmdResult<typeof userAdminContract, 'get_user_information'>;
/** The parts of the admin's user detail besides who the user is: each comes from the domain that keeps it. */
export type UserDetailParts = Pick<UserInformation, 'licenses' | 'cases' | 'products' | 'userDownloads' | 'userActions' | 'organisations'>;

/** Carries out a domain's fates for a deleted account. */
export type Forget = (user: DeletedUser, now: Date) => Promise<void>;

export interface UserDataDeclaration {
  domain: string;
  /** What it keeps of a user (none: a domain whose records name no user). */
  parts: readonly UserDataPart[];
  /**
   * Carries out the fates of this domain's parts for a deleted account. Runs again after an interrupted
   * deletion, so it finds what an earlier run did done and goes on.
   */
  forget?: Forget;
  /** This domain's part of the admin's user detail. */
  detail?: (userId: number) => Promise<Partial<UserDetailParts>>;
}

/** Attribute names that hold a user (an id, a Cognito sub, a username or address, a set of ids). */
export const USER_ATTRIBUTE = /^(user_id|sub|username|email|owner_id|owner_username|reserved_to|by_user_id|from_user_id|to_user_id|requested_by|used_by|assigned_to|shared_users|subject)$/;

/** The names of an entity's attributes that hold a user. */
export const userAttributesOf = (entity: Entity): string[] =>
  Object.keys(entity.schema.attributes as Record<string, unknown>).filter((name) => USER_ATTRIBUTE.test(name));

/**
 * The stored entities among `entities` that hold a user (by an attribute's name) but that no declaration
 * names: user data no domain says what becomes of. Empty when every one is declared.
 */
export function undeclaredUserEntities(entities: Iterable<Entity>, declarations: readonly UserDataDeclaration[]): string[] {
  const declared = new Set(declarations.flatMap((declaration) => declaration.parts.flatMap((part) => part.entities.map((entity) => entity.entityName))));
  return [...entities]
    .filter((entity) => userAttributesOf(entity).length > 0 && !declared.has(entity.entityName))
    .map((entity) => `${entity.entityName} (${userAttributesOf(entity).join(', ')})`);
}
