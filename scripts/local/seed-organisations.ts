import { withCall } from '../../functions/lib/call-context';
import { findUserBySub } from '../../functions/domain/users/users.repository';
import {
  changeOrganisation,
  createOrganisation,
  invitationKind,
  membershipKind,
  membershipsOf,
  newInvitation,
  type MembershipRecord,
} from '../../functions/domain/organisations/organisations.repository';

/**
 * The demo organisation: the demo customer owns "Demo Labs team", the fleet customer is its admin, three of
 * the seeded customers are members, and one invitation is waiting for an answer. Each step as the person's
 * own call would write it (audited); once.
 */
export async function seedDemoOrganisation(demo: { id: number }, fleet: { id: number }, now = new Date()): Promise<void> {
  if ((await membershipsOf(demo.id)).length > 0) return;
  const organisation = await withCall({ endpoint: 'user', request_id: 'demo-seed-organisation', actor_user_id: demo.id }, () =>
    createOrganisation('Demo Labs team', demo.id, now),
  );
  const customers = await Promise.all([1, 2, 3].map((n) => findUserBySub(`demo-customer-${n}`)));
  const joining: { userId: number; role: MembershipRecord['role'] }[] = [
    { userId: fleet.id, role: 'admin' },
    ...customers.flatMap((customer) => (customer ? [{ userId: customer.id, role: 'member' as const }] : [])),
  ];
  let current = organisation;
  for (const { userId, role } of joining) {
    const stamp = now.toISOString();
    const membership: MembershipRecord = { organisation_id: organisation.id, user_id: userId, role, created: stamp, updated: stamp };
    current = await withCall({ endpoint: 'user', request_id: `demo-seed-member-${userId}`, actor_user_id: userId }, () =>
      changeOrganisation(current, [membershipKind.change({ before: null, after: membership, audit: { action: 'accept_invitation' } })], (was) => ({ ...was, members: was.members + 1 }), { now }),
    );
  }
  const invitation = newInvitation(organisation.id, 'new.colleague@example.com', 'member', demo.id, now);
  await withCall({ endpoint: 'user', request_id: 'demo-seed-invitation', actor_user_id: demo.id }, () =>
    changeOrganisation(current, [invitationKind.change({ before: null, after: invitation, audit: { action: 'invite_member' } })], undefined, { now }),
  );
}
