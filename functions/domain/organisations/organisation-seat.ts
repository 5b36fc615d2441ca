import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { organisationMessages, organisationRules } from '../../../shared/organisations/organisation-roles';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getTableName } from '../../lib/config';
import { documentClient } from '../../lib/db/table';
import type { TransactionWrite } from '../../lib/db/write-transaction';
import { organisationPartition } from './organisation-keys';
import { forbidden, notFound } from '../../lib/errors';
import type { LicenseRecord } from '../licenses/license.entity';
import { MembershipEntity, type MembershipRecord } from './membership.kind';

/**
 * The rules of an organisation license's seat, as the desktop protocol applies them. Its seat is for the
 * member it is assigned to, or any member when it is left to the pool; a seat held by someone who is no
 * longer a member is free for the others (their machine keeps its lease, never renewed).
 */

/** A membership, read consistently: a seat is decided on the membership as it is now. */
export async function membershipOf(organisationId: number, userId: number): Promise<MembershipRecord | null> {
  const { Item } = await MembershipEntity.build(GetItemCommand).key({ organisation_id: organisationId, user_id: userId }).options({ consistent: true }).send();
  return Item ?? null;
}

/** Where a user stands with an organisation license's seat. */
export interface OrganisationSeat {
  /** The caller is a member of the license's organisation. */
  member: boolean;
  /** The seat is held by someone who is no longer a member: it is free to take (their id, for the write's condition). */
  reclaimFrom?: number;
}

/**
 * The caller's standing with `license`'s seat; undefined for a license of no organisation. `knownMember`:
 * the caller's membership was just read (their access to the license), so it is not read again.
 */
export async function organisationSeatOf(license: LicenseRecord, userId: number, knownMember?: true): Promise<OrganisationSeat | undefined> {
  const organisationId = license.organisation_id;
  if (organisationId === undefined) return undefined;
  const holder = license.reserved_to;
  const [member, holderMembership] = await Promise.all([
    knownMember ?? membershipOf(organisationId, userId),
    holder !== undefined && holder !== userId ? membershipOf(organisationId, holder) : undefined,
  ]);
  return { member: member !== null, ...(holderMembership === null ? { reclaimFrom: holder } : {}) };
}

/** Why `userId` may not use the seat of an organisation license at all; null when they may. */
export function organisationSeatRefusal(license: LicenseRecord, userId: number, seat: OrganisationSeat): 'organisationLicense' | 'assignedToOther' | null {
  if (!seat.member) return 'organisationLicense';
  if (license.assigned_to !== undefined && license.assigned_to !== userId) return 'assignedToOther';
  return null;
}

/** The check, in a reservation's or renewal's transaction, that the user is still a member: a removed member's renewals end. */
export const stillMember = (organisationId: number, userId: number): TransactionWrite =>
  MembershipEntity.build(ConditionCheck).key({ organisation_id: organisationId, user_id: userId }).condition({ attr: 'role', exists: true });

/** Whether the user is the organisation's owner or one of its admins: they manage its seats. */
export async function managesSeatsOf(organisationId: number, userId: number): Promise<boolean> {
  const membership = await membershipOf(organisationId, userId);
  return membership !== null && organisationRules.manageSeats(membership.role);
}

/**
 * The caller's membership of an organisation whose seats they manage (its owner or an admin): a stranger
 * is told it is unknown (404), a member that their role does not allow it (403).
 */
export async function seatManagerOf(organisationId: number, userId: number): Promise<MembershipRecord> {
  const membership = await membershipOf(organisationId, userId);
  if (!membership) throw notFound(organisationMessages.notFound);
  if (!organisationRules.manageSeats(membership.role)) throw forbidden(organisationMessages.notAllowed);
  return membership;
}

/** An organisation's name and owner, read as stored (without the kind's schema, list and joins). */
async function organisationHead(id: number): Promise<{ name: string; owner_id: number } | null> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: getTableName(), Key: { pk: organisationPartition(id), sk: 'organisation' }, ProjectionExpression: '#name, owner_id', ExpressionAttributeNames: { '#name': 'name' } }),
  );
  return Item ? { name: Item.name as string, owner_id: Item.owner_id as number } : null;
}

/** The names of organisations by id (those that exist): a member's license list names where each comes from. */
export async function organisationNames(ids: Iterable<number>): Promise<Map<number, string>> {
  const found = await Promise.all([...new Set(ids)].map(async (id) => [id, (await organisationHead(id))?.name] as const));
  return new Map(found.flatMap(([id, name]) => (name === undefined ? [] : [[id, name] as const])));
}

/** Who owns an organisation now (null: it is gone). */
export const organisationOwnerId = async (id: number): Promise<number | null> => (await organisationHead(id))?.owner_id ?? null;
