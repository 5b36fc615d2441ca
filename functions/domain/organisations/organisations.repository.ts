import { randomBytes } from 'node:crypto';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { INVITATION_DAYS } from '../../../shared/organisations/organisations';
import { organisationMessages } from '../../../shared/organisations/organisation-roles';
import { nextId } from '../../lib/db/counters';
import { eachItemIn } from '../../lib/db/each-item-in';
import { plainFormatter } from '../../lib/db/plain-format';
import { isConditionFailure, portalTable } from '../../lib/db/table';
import { conflict } from '../../lib/errors';
import type { ChangeAudit, RecordChange } from '../../lib/records/record-kind';
import { writeChanges } from '../../lib/records/write-changes';
import { InvitationEntity, invitationKind, invitationSortKey, invitationsToPartition, type InvitationRecord } from './invitation.kind';
import { membershipOf } from './organisation-seat';
import { directoryAfter, readDirectory, writeDirectory, type DirectoryMember } from './organisation-directory';
import { MembershipEntity, membershipKind, membershipsOfPartition, type MembershipRecord } from './membership.kind';
import { OrganisationEntity, organisationKind, organisationPartition, type OrganisationRecord } from './organisation.kind';

export type { InvitationRecord } from './invitation.kind';
export type { MembershipRecord } from './membership.kind';
export type { OrganisationRecord } from './organisation.kind';

const DAY_MS = 24 * 3600_000;

/** An organisation, read consistently (its writes are conditioned on the version read here). */
export async function findOrganisation(id: number): Promise<OrganisationRecord | null> {
  const { Item } = await OrganisationEntity.build(GetItemCommand).key({ id }).options({ consistent: true }).send();
  return Item ?? null;
}

/** A membership, read consistently: in a module of its own, so the desktop protocol's seat rules read one without this repository. */
export const findMembership = membershipOf;

const asOrganisation = plainFormatter(OrganisationEntity);
const asMember = plainFormatter(MembershipEntity);
const asInvitation = plainFormatter(InvitationEntity);

/**
 * An organisation with its members and pending invitations: one Query of its partition, read as stored
 * (only the write path writes it; 1,000 members formatted with the toolbox's checks cost more than the read).
 */
export async function organisationWithParts(id: number): Promise<{ organisation: OrganisationRecord | null; members: MembershipRecord[]; invitations: InvitationRecord[] }> {
  const parts = { organisation: null as OrganisationRecord | null, members: [] as MembershipRecord[], invitations: [] as InvitationRecord[] };
  await eachItemIn(organisationPartition(id), (item) => {
    // The toolbox's entity attribute tells the kinds apart.
    if (item._et === MembershipEntity.entityName) parts.members.push(asMember(item));
    else if (item._et === InvitationEntity.entityName) parts.invitations.push(asInvitation(item));
    else if (item._et === OrganisationEntity.entityName) parts.organisation = asOrganisation(item);
  });
  return parts;
}

/** An organisation's members, as its directory holds them (or, for one from before it did, as their items say). */
export async function membersOf(organisation: OrganisationRecord): Promise<DirectoryMember[]> {
  if (organisation.directory !== undefined) return readDirectory(organisation.directory);
  return (await organisationWithParts(organisation.id)).members;
}

/** An organisation's pending invitations (ended ones too, until the next invitation's write clears them). */
export async function invitationsOf(organisationId: number): Promise<InvitationRecord[]> {
  const invitations: InvitationRecord[] = [];
  await eachItemIn(organisationPartition(organisationId), (item) => invitations.push(asInvitation(item)), { beginsWith: invitationSortKey('') });
  return invitations;
}

/**
 * An organisation with its members (from its directory: one item, whatever its size) and, when asked, its
 * pending invitations.
 */
export async function organisationWithMembers(
  id: number,
  { invitations: withInvitations = false } = {},
): Promise<{ organisation: OrganisationRecord | null; members: DirectoryMember[]; invitations: InvitationRecord[] }> {
  const [organisation, invitations] = await Promise.all([findOrganisation(id), withInvitations ? invitationsOf(id) : []]);
  return { organisation, members: organisation ? await membersOf(organisation) : [], invitations };
}

/** The organisations a person belongs to, with their membership of each. */
export async function membershipsOf(userId: number): Promise<{ membership: MembershipRecord; organisation: OrganisationRecord }[]> {
  const { Items: memberships = [] } = await portalTable
    .build(QueryCommand)
    .entities(MembershipEntity)
    .query({ index: 'gsi1', partition: membershipsOfPartition(userId) })
    .options({ maxPages: Infinity })
    .send();
  const organisations = await organisationsByIds(memberships.map((membership) => membership.organisation_id));
  return memberships.flatMap((membership) => {
    const organisation = organisations.get(membership.organisation_id);
    return organisation ? [{ membership, organisation }] : [];
  });
}

/** Organisations by id (those that exist): a person belongs to a few, each read by its key. */
export async function organisationsByIds(ids: Iterable<number>): Promise<Map<number, OrganisationRecord>> {
  const found = await Promise.all([...new Set(ids)].map((id) => findOrganisation(id)));
  return new Map(found.filter((organisation) => organisation !== null).map((organisation) => [organisation.id, organisation]));
}

/** The invitations sent to an email address that have not ended. */
export async function invitationsTo(email: string, now = new Date()): Promise<InvitationRecord[]> {
  const { Items = [] } = await portalTable
    .build(QueryCommand)
    .entities(InvitationEntity)
    .query({ index: 'gsi1', partition: invitationsToPartition(email) })
    .options({ maxPages: Infinity })
    .send();
  return Items.filter((invitation) => invitation.expires > now.toISOString());
}

/** A person as a membership names them. */
export interface MemberPerson {
  id: number;
  first_name: string;
  last_name: string;
  sub?: string;
}

/** `person`'s membership of an organisation with `role`, joining now (not yet written). */
export function newMembership(organisationId: number, person: MemberPerson, role: MembershipRecord['role'], now = new Date()): MembershipRecord {
  const stamp = now.toISOString();
  return {
    organisation_id: organisationId,
    user_id: person.id,
    role,
    first_name: person.first_name,
    last_name: person.last_name,
    ...(person.sub === undefined ? {} : { sub: person.sub }),
    created: stamp,
    updated: stamp,
  };
}

/** A new organisation owned by `owner`, with its owner's membership: one transaction, audited. */
export async function createOrganisation(name: string, ownerPerson: MemberPerson, now = new Date()): Promise<OrganisationRecord> {
  const stamp = now.toISOString();
  const organisation: OrganisationRecord = { id: await nextId('organisation'), name, owner_id: ownerPerson.id, members: 1, version: 1, created: stamp, updated: stamp };
  const owner = newMembership(organisation.id, ownerPerson, 'owner', now);
  organisation.directory = writeDirectory([owner]);
  await writeChanges(
    [
      // One entry for the act: the new organisation, its owner named (their membership follows from it).
      organisationKind.change({ before: null, after: organisation, condition: { attr: 'id', exists: false }, audit: {} }),
      membershipKind.change({ before: null, after: owner }),
    ],
    { now },
  );
  return organisation;
}

/**
 * Writes `changes` of an organisation's members or invitations, with the organisation as `next` makes
 * it (its version counted up), in one transaction conditioned on the version `organisation` was read
 * at: a change of the organisation in between refuses it (409), nothing written.
 */
export async function changeOrganisation(
  organisation: OrganisationRecord,
  changes: readonly RecordChange[],
  next: (organisation: OrganisationRecord) => OrganisationRecord = (same) => same,
  { audited = false, now = new Date(), actor }: { audited?: boolean; now?: Date; actor?: number } = {},
): Promise<OrganisationRecord> {
  const members = directoryAfter(await membersOf(organisation), changes, membershipKind.name);
  const after = { ...next(organisation), version: organisation.version + 1, updated: now.toISOString(), directory: writeDirectory(members) };
  try {
    await writeChanges(
      [organisationKind.change({ before: organisation, after, condition: { attr: 'version', eq: organisation.version }, ...(audited ? { audit: {} } : {}) }), ...changes],
      { now, actor },
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(organisationMessages.changed);
    throw error;
  }
  return after;
}

/** `membership` joins `organisation` (audited as the call's), with `with` in the same transaction (the invitation it uses). */
export const addMembership = (organisation: OrganisationRecord, membership: MembershipRecord, { with: also = [], audit = {}, now }: { with?: readonly RecordChange[]; audit?: ChangeAudit; now?: Date } = {}) =>
  changeOrganisation(organisation, [...also, membershipKind.change({ before: null, after: membership, audit })], (current) => ({ ...current, members: current.members + 1 }), { now });

/** `membership` ends (a member leaves or is removed), audited as the call's. */
export const removeMembership = (organisation: OrganisationRecord, membership: MembershipRecord) =>
  changeOrganisation(organisation, [membershipKind.change({ before: membership, after: null, audit: {} })], (current) => ({ ...current, members: current.members - 1 }));

/**
 * `heir` becomes the owner; `previous`, the owner until now, stays as an admin. One entry for the act:
 * the organisation's owner before and after (the roles follow from it).
 */
export function passOwnership(organisation: OrganisationRecord, heir: MembershipRecord, previous: MembershipRecord | null): Promise<OrganisationRecord> {
  const updated = new Date().toISOString();
  return changeOrganisation(
    organisation,
    [
      membershipKind.change({ before: heir, after: { ...heir, role: 'owner', updated } }),
      ...(previous ? [membershipKind.change({ before: previous, after: { ...previous, role: 'admin', updated } })] : []),
    ],
    (current) => ({ ...current, owner_id: heir.user_id }),
    { audited: true },
  );
}

/** A new invitation to `email`, ending INVITATION_DAYS from now (not yet written: changeOrganisation writes it). */
export function newInvitation(organisationId: number, email: string, role: InvitationRecord['role'], byUserId: number, now = new Date()): InvitationRecord {
  const expires = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  const stamp = now.toISOString();
  return {
    organisation_id: organisationId,
    // 144 random bits: the id is in the mailed link, and nobody can guess another's.
    id: randomBytes(18).toString('base64url'),
    email,
    role,
    by_user_id: byUserId,
    expires: expires.toISOString(),
    // Removed by DynamoDB a day after it ends (it is refused from `expires` on).
    ttl: Math.ceil((expires.getTime() + DAY_MS) / 1000),
    created: stamp,
    updated: stamp,
  };
}

/**
 * A member's name changed in their profile: each of their memberships (and its organisation's directory)
 * says it from now on. A person is in a few organisations; the write is not an act on them: no entry.
 */
export async function renameMember(person: MemberPerson): Promise<void> {
  const { Items: memberships = [] } = await portalTable
    .build(QueryCommand)
    .entities(MembershipEntity)
    .query({ index: 'gsi1', partition: membershipsOfPartition(person.id) })
    .options({ maxPages: Infinity })
    .send();
  const renamed = memberships.filter((membership) => membership.first_name !== person.first_name || membership.last_name !== person.last_name);
  for (const membership of renamed) {
    // With its organisation's directory, which a change meanwhile makes read again.
    for (let attempt = 1; ; attempt++) {
      const organisation = await findOrganisation(membership.organisation_id);
      if (!organisation) break;
      try {
        await changeOrganisation(organisation, [membershipKind.change({ before: membership, after: { ...membership, first_name: person.first_name, last_name: person.last_name } })]);
        break;
      } catch (error) {
        if (attempt >= RENAME_ATTEMPTS || !(error instanceof Error && error.message === organisationMessages.changed)) throw error;
      }
    }
  }
}

/** Attempts at a member's new name in one organisation while others change it. */
const RENAME_ATTEMPTS = 3;

/**
 * A deleted account's memberships end. An organisation it owned passes to its longest-standing admin; with
 * no admin it keeps the deleted owner's id and nobody may manage it (invite, remove, hand over) until the
 * portal's admins name a new owner: its members keep what they have meanwhile. Audited as the deletion.
 */
export async function forgetMemberships(userId: number, now = new Date()): Promise<void> {
  for (const { membership } of await membershipsOf(userId)) {
    const organisation = await findOrganisation(membership.organisation_id);
    if (!organisation) continue;
    const members = await membersOf(organisation);
    const audit = { by_user_id: userId, action: 'delete_user_account' };
    const heirMember =
      membership.role === 'owner'
        ? members.filter((member) => member.role === 'admin').sort((a, b) => a.created.localeCompare(b.created) || a.user_id - b.user_id)[0]
        : undefined;
    const heir = heirMember && (await findMembership(organisation.id, heirMember.user_id));
    const stamp = now.toISOString();
    await changeOrganisation(
      organisation,
      [
        membershipKind.change({ before: membership, after: null, audit }),
        ...(heir ? [membershipKind.change({ before: heir, after: { ...heir, role: 'owner', updated: stamp }, audit })] : []),
      ],
      (current) => ({ ...current, members: current.members - 1, ...(heir ? { owner_id: heir.user_id } : {}) }),
      { now, actor: userId },
    );
  }
}

export { invitationKind, membershipKind };
