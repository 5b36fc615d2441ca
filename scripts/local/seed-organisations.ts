import { withCall } from '../../functions/lib/call-context';
import { findUserBySub } from '../../functions/domain/users/users.repository';
import { createLicense } from '../../functions/domain/licenses/licenses.repository';
import {
  addMembership,
  changeOrganisation,
  createOrganisation,
  invitationKind,
  membershipsOf,
  newInvitation,
  newMembership,
  type MemberPerson,
  type MembershipRecord,
  type OrganisationRecord,
} from '../../functions/domain/organisations/organisations.repository';

/** `person` joins `organisation` with `role`, as accepting an invitation writes it (audited as theirs). */
async function join(organisation: OrganisationRecord, person: MemberPerson, role: MembershipRecord['role'], now: Date): Promise<OrganisationRecord> {
  const membership = newMembership(organisation.id, person, role, now);
  return withCall({ endpoint: 'user', request_id: `demo-seed-member-${person.id}`, actor_user_id: person.id }, () =>
    addMembership(organisation, membership, { audit: { action: 'accept_invitation' }, now }),
  );
}

/**
 * The demo organisation, "Demo Labs team": the demo customer owns it, the fleet customer is its admin, the
 * lab customer a member, and an invitation is waiting for an answer. Each step as the person's own call writes it (audited); once.
 */
export async function seedDemoOrganisation(demo: MemberPerson, fleet: MemberPerson, lab: MemberPerson, now = new Date()): Promise<void> {
  if ((await membershipsOf(demo.id)).length > 0) return;
  const created = await withCall({ endpoint: 'user', request_id: 'demo-seed-organisation', actor_user_id: demo.id }, () =>
    createOrganisation('Demo Labs team', demo, now),
  );
  const organisation = await join(await join(created, fleet, 'admin', now), lab, 'member', now);
  const invitation = newInvitation(organisation.id, 'new.colleague@example.com', 'member', demo.id, now);
  await withCall({ endpoint: 'user', request_id: 'demo-seed-invitation', actor_user_id: demo.id }, () =>
    changeOrganisation(organisation, [invitationKind.change({ before: null, after: invitation, audit: { action: 'invite_member' } })], undefined, { now }),
  );
  await seedOrganisationLicenses(organisation.id, demo.id, fleet.id, now);
}

const dayFrom = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo organisation's seats, bought by its owner: a Pro seat in the pool that the admin's bench
 * machine holds, an Automation seat assigned to the admin, and two free seats in the pool.
 */
async function seedOrganisationLicenses(organisationId: number, ownerId: number, adminId: number, now: Date): Promise<void> {
  const team = { user_id: ownerId, organisation_id: organisationId, valid_from: dayFrom(now, -30), valid_to: dayFrom(now, 335) };
  await createLicense({ ...team, license_type_id: 'Pro', reservation: { reserved_to: adminId, fingerprint: 'fleet-bench-02-c41d', hostname: 'fleet-bench-02' } }, now);
  await createLicense({ ...team, license_type_id: 'Automation', assigned_to: adminId }, now);
  await createLicense({ ...team, license_type_id: 'Automation' }, now);
  await createLicense({ ...team, license_type_id: 'Battery' }, now);
}

/** With the demo's volume: three of its customers join the demo organisation as members; once. */
export async function seedDemoMembers(demo: { id: number }, now = new Date()): Promise<void> {
  const owned = (await membershipsOf(demo.id)).find(({ membership }) => membership.role === 'owner');
  if (!owned || owned.organisation.members > 3) return;
  let organisation = owned.organisation;
  for (const n of [1, 2, 3]) {
    const customer = await findUserBySub(`demo-customer-${n}`);
    if (customer) organisation = await join(organisation, customer, 'member', now);
  }
}
