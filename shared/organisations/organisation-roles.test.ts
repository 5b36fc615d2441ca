import { describe, expect, it } from 'vitest';
import { organisationRules, type Actor } from './organisation-roles';
import type { OrganisationRole } from './organisations.contract';

const actors: Actor[] = ['owner', 'admin', 'member', null];
const members: OrganisationRole[] = ['owner', 'admin', 'member'];
/** The actors a rule allows, over every actor (and, for rules about a member, every member's role). */
const allowed = (rule: (actor: Actor) => boolean) => actors.filter(rule);

describe('who may do what in an organisation', () => {
  it('lets its owner and admins rename it, withdraw invitations and see contacts; the portal admins see contacts too', () => {
    expect(allowed(organisationRules.rename)).toEqual(['owner', 'admin']);
    expect(allowed(organisationRules.withdraw)).toEqual(['owner', 'admin']);
    expect(allowed((actor) => organisationRules.seesContacts(actor, false))).toEqual(['owner', 'admin']);
    expect(organisationRules.seesContacts(null, true)).toBe(true);
  });

  it('lets its owner invite admins and members, an admin only members', () => {
    expect(allowed((actor) => organisationRules.invite(actor, 'admin'))).toEqual(['owner']);
    expect(allowed((actor) => organisationRules.invite(actor, 'member'))).toEqual(['owner', 'admin']);
  });

  it('lets its owner remove anyone else, an admin only members, and nobody themselves', () => {
    const removable = (actor: Actor) => members.filter((member) => organisationRules.remove(actor, member, false));
    expect(removable('owner')).toEqual(['admin', 'member']);
    expect(removable('admin')).toEqual(['member']);
    expect(removable('member')).toEqual([]);
    expect(removable(null)).toEqual([]);
    expect(organisationRules.remove('owner', 'admin', true)).toBe(false);
  });

  it('lets only its owner change roles (never their own or an owner’s) and hand it over to someone else', () => {
    expect(actors.filter((actor) => members.some((member) => organisationRules.setRole(actor, member, false)))).toEqual(['owner']);
    expect(members.filter((member) => organisationRules.setRole('owner', member, false))).toEqual(['admin', 'member']);
    expect(organisationRules.setRole('owner', 'member', true)).toBe(false);
    expect(allowed((actor) => organisationRules.handOver(actor, false))).toEqual(['owner']);
    expect(organisationRules.handOver('owner', true)).toBe(false);
  });

  it('lets everyone but its owner leave', () => {
    expect(allowed(organisationRules.leave)).toEqual(['admin', 'member']);
  });
});
