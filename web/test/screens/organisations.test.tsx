import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  organisationsContract,
  type Member,
  type Membership,
  type Organisation,
  type OrganisationRole,
  type ReceivedInvitation,
} from '../../../shared/organisations/organisations.contract';
import { organisationMessages } from '../../../shared/organisations/organisation-roles';
import { organisationSeatsContract, type OrganisationLicense } from '../../../shared/organisations/organisation-seats.contract';
import { organisationsAdminContract } from '../../../shared/organisations/organisations.admin';
import { formatDateTime } from '../../src/lib/dates';
import { api, refused } from '../support/fake-api';
import { ADMIN, CUSTOMER, answerProfile } from '../support/fixtures';
import { currentPath, renderScreen } from '../support/render';
import { expectNoConfirmation, findConfirmation, findErrorBanner, findNotification } from '../support/results';

/**
 * The customer's organisation screens over the fake API: their organisations, the invitations to them
 * (accept, decline, the mailed link's mark), creating one, and one organisation's members with only the
 * actions the caller's role allows. The server's own refusals are its tests; the click-through with a
 * second user is test/e2e/organisations.
 */

const LAB = 40;

const person = (user_id: number, first_name: string, last_name: string, role: OrganisationRole): Member => ({
  user_id,
  first_name,
  last_name,
  email: `${first_name.toLowerCase()}@example.com`,
  role,
  joined: '2026-11-02T09:00:00Z',
});
const OLIVE = person(20, 'Olive', 'Owner', 'owner');
const ADAM = person(21, 'Adam', 'Admin', 'admin');
const MIA = person(22, 'Mia', 'Member', 'member');
const DANA = (role: OrganisationRole) => person(CUSTOMER.id, CUSTOMER.first_name, CUSTOMER.last_name, role);

const INVITATION = { id: 'inv-0123456789abcdef', email: 'new@example.com', role: 'member', invited_by: 'Adam Admin', created: '2026-11-20T10:00:00Z', expires: '2026-11-27T10:00:00Z' } as const;

/** Lab as get_organisation answers it to the customer Dana with `role` (null: the portal admin, not a member). */
function lab(role: OrganisationRole | null): Organisation {
  const others = role === 'owner' ? [ADAM, MIA] : [OLIVE, ADAM, MIA];
  const members = role === null ? others : [...others, DANA(role)];
  const manages = role !== 'member';
  return {
    id: LAB,
    name: 'Lab',
    owner_id: role === 'owner' ? CUSTOMER.id : OLIVE.user_id,
    role,
    created: '2026-11-01T09:00:00Z',
    // A member is shown no emails and no invitations.
    members: manages ? members : members.map(({ email: _email, ...member }) => member),
    invitations: manages ? [INVITATION] : [],
  };
}

/** Lab's licenses as get_organisation_licenses answers them to `role`: its members to assign to, one page. */
const labLicenses = (role: OrganisationRole | null, licenses: OrganisationLicense[] = [], count = licenses.length) => ({
  organisation_id: LAB,
  role,
  licenses,
  count,
  members: [OLIVE, ADAM, MIA].map((member) => ({ id: member.user_id, name: `${member.first_name} ${member.last_name}` })),
});

async function openLab(role: OrganisationRole | null, licenses: OrganisationLicense[] = [], count = licenses.length) {
  answerProfile(role === null ? ADMIN : CUSTOMER);
  api.answer(organisationsContract, 'get_organisation', ({ organisation_id }) => (organisation_id === LAB ? lab(role) : refused('Unknown organisation', 404)));
  api.answer(organisationSeatsContract, 'get_organisation_licenses', labLicenses(role, licenses, count));
  // A portal admin also reads its History (admin-organisations.test.tsx shows it).
  api.answer(organisationsAdminContract, 'get_organisation_history', { entries: [], count: 0 });
  const rendered = await renderScreen(`/organisations/${LAB}`, { as: role === null ? 'admin' : 'customer', title: 'Organisation' });
  await screen.findByRole('heading', { name: 'Lab', level: 3 });
  return rendered;
}

const members = () => screen.getByRole('table', { name: 'Members' });
const rowOf = (table: HTMLElement, text: string) => {
  const row = within(table).getByText(text).closest('tr');
  if (!row) throw new Error(`No row for ${text}`);
  return row;
};
/** The buttons on a member's row, by name. */
const actionsOf = (name: string) => within(rowOf(members(), name)).queryAllByRole('button').map((button) => button.getAttribute('aria-label'));

const membership = (fields: Partial<Membership> = {}): Membership => ({
  organisation_id: LAB,
  name: 'Lab',
  role: 'member',
  members: 4,
  owner: 'Olive Owner',
  joined: '2026-11-02T09:00:00Z',
  ...fields,
});
const invitation = (fields: Partial<ReceivedInvitation> = {}): ReceivedInvitation => ({
  id: 'inv-aaaaaaaaaaaaaaaa',
  organisation_id: 41,
  organisation_name: 'Bench',
  role: 'admin',
  invited_by: 'Bea Bench',
  expires: '2026-12-01T10:00:00Z',
  ...fields,
});

async function openMine(answer: { organisations: Membership[]; invitations: ReceivedInvitation[] }, path = '/organisations') {
  answerProfile(CUSTOMER);
  api.answer(organisationsContract, 'get_my_organisations', answer);
  // An organisation opened from here shows its owner and admins its licenses (none here).
  api.answer(organisationSeatsContract, 'get_organisation_licenses', labLicenses('owner'));
  const rendered = await renderScreen(path, { title: 'Organisations' });
  await screen.findByRole('heading', { name: 'Your organisations', level: 3 });
  return rendered;
}

describe('Organisations', () => {
  // First: a file's first viewer may be signed out, later ones not (web/test/support/render.tsx).
  it('sends a signed-out visitor of a mailed invitation link to sign in, and back to the link after', async () => {
    await renderScreen('/organisations?invitation=inv-0123456789abcdef', { as: 'signed-out' });
    await waitFor(() => expect(currentPath()).toBe('/signin?redirect=%2Forganisations%3Finvitation%3Dinv-0123456789abcdef'));
  });

  it('lists the organisations the caller belongs to with their role, members and owner, each linking to its screen', async () => {
    await openMine({ organisations: [membership(), membership({ organisation_id: 41, name: 'Bench', role: 'owner', members: 1, owner: 'Dana Scully' })], invitations: [] });
    const table = screen.getByRole('table', { name: 'Your organisations' });
    const cells = (name: string) => within(rowOf(table, name)).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells('Lab')).toEqual(['Lab', 'Member', '4', 'Olive Owner', '2026-11-02']);
    expect(cells('Bench')).toEqual(['Bench', 'Owner', '1', 'Dana Scully', '2026-11-02']);
    expect(within(table).getByRole('link', { name: 'Bench' }).getAttribute('href')).toBe('/organisations/41');
    // No invitations: their section is not shown.
    expect(screen.queryByRole('table', { name: 'Invitations to you' })).toBeNull();
  });

  it('accepts an invitation: the caller joins and the organisation opens', async () => {
    const bench = invitation();
    const { user } = await openMine({ organisations: [], invitations: [bench] });
    expect(screen.getByText(/You belong to no organisation yet/)).toBeTruthy();
    const row = rowOf(screen.getByRole('table', { name: 'Invitations to you' }), 'Bench');
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 3)).toEqual(['Bench', 'Admin', 'Bea Bench']);
    api.answer(organisationsContract, 'accept_invitation', membership({ organisation_id: 41, name: 'Bench', role: 'admin' }));
    api.answer(organisationsContract, 'get_organisation', { ...lab('admin'), id: 41, name: 'Bench' });
    await user.click(within(row).getByRole('button', { name: 'Accept the invitation to Bench' }));
    await findNotification('You joined Bench as admin');
    expect(api.calls(organisationsContract, 'accept_invitation')).toEqual([{ invitation_id: bench.id }]);
    await screen.findByRole('heading', { name: 'Bench', level: 3 });
    expect(currentPath()).toBe('/organisations/41');
    expect(api.calls(organisationsContract, 'decline_invitation')).toEqual([]);
  });

  it('declines an invitation, and the list read again no longer has it', async () => {
    const bench = invitation();
    const { user } = await openMine({ organisations: [], invitations: [bench] });
    api.answer(organisationsContract, 'decline_invitation', { organisation_id: 41 });
    api.answer(organisationsContract, 'get_my_organisations', { organisations: [], invitations: [] });
    await user.click(screen.getByRole('button', { name: 'Decline the invitation to Bench' }));
    await findNotification('Invitation to Bench declined');
    expect(api.calls(organisationsContract, 'decline_invitation')).toEqual([{ invitation_id: bench.id }]);
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Invitations to you' })).toBeNull());
    expect(api.calls(organisationsContract, 'accept_invitation')).toEqual([]);
  });

  it('shows a refused answer in the red banner and leaves the invitation there', async () => {
    const { user } = await openMine({ organisations: [], invitations: [invitation()] });
    api.answer(organisationsContract, 'accept_invitation', refused('This invitation has ended'));
    await user.click(screen.getByRole('button', { name: 'Accept the invitation to Bench' }));
    await findErrorBanner('This invitation has ended');
    expect(currentPath()).toBe('/organisations');
    expect(screen.getByRole('button', { name: 'Accept the invitation to Bench' })).toBeTruthy();
  });

  it('marks the invitation a mailed link names, and says so when that invitation is no longer open', async () => {
    const bench = invitation();
    const other = invitation({ id: 'inv-bbbbbbbbbbbbbbbb', organisation_id: 42, organisation_name: 'Field' });
    await openMine({ organisations: [], invitations: [other, bench] }, `/organisations?invitation=${bench.id}`);
    const table = screen.getByRole('table', { name: 'Invitations to you' });
    expect(rowOf(table, 'Bench').getAttribute('aria-current')).toBe('true');
    expect(rowOf(table, 'Field').hasAttribute('aria-current')).toBe(false);
    expect(screen.getByRole('note').textContent).toBe('The invitation from your link is marked below.');
  });

  it('says a mailed link’s invitation is no longer open when the caller has none by that id', async () => {
    await openMine({ organisations: [membership()], invitations: [] }, '/organisations?invitation=inv-cccccccccccccccc');
    expect(screen.getByRole('note').textContent).toMatch(/^The invitation from your link is not open any more/);
    expect(screen.queryByRole('row', { current: true })).toBeNull();
  });

  it('creates an organisation once a name is typed, trimmed, and opens it', async () => {
    const { user } = await openMine({ organisations: [], invitations: [] });
    const create = screen.getByRole('button', { name: 'Create organisation' });
    expect(create).toHaveProperty('disabled', true);
    api.answer(organisationsContract, 'create_organisation', ({ name }) => ({ id: 77, name }));
    api.answer(organisationsContract, 'get_organisation', { ...lab('owner'), id: 77, name: 'Photon Lab', members: [DANA('owner')], invitations: [] });
    await user.type(screen.getByLabelText('Name'), '  Photon Lab ');
    await user.click(create);
    await findNotification('Organisation Photon Lab created');
    expect(api.calls(organisationsContract, 'create_organisation')).toEqual([{ name: 'Photon Lab' }]);
    await screen.findByRole('heading', { name: 'Photon Lab', level: 3 });
    expect(currentPath()).toBe('/organisations/77');
  });
});

describe('an organisation, by the caller’s role', () => {
  it('offers its owner every action on the others, none on their own row, and no Leave', async () => {
    await openLab('owner');
    expect(actionsOf('Dana Scully (you)')).toEqual([]);
    expect(actionsOf('Adam Admin')).toEqual(['Make member: Adam Admin', 'Hand over to Adam Admin', 'Remove Adam Admin']);
    expect(actionsOf('Mia Member')).toEqual(['Make admin: Mia Member', 'Hand over to Mia Member', 'Remove Mia Member']);
    expect(within(rowOf(members(), 'Mia Member')).getByRole('cell', { name: 'mia@example.com' })).toBeTruthy();
    // Admins or members invited; the pending invitations with Withdraw.
    expect(within(screen.getByLabelText('Role')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Member', 'Admin']);
    expect(within(screen.getByRole('table', { name: 'Pending invitations' })).getByRole('button', { name: 'Withdraw the invitation to new@example.com' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rename' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave organisation' })).toBeNull();
    expect(screen.getByText(organisationMessages.ownerLeaves)).toBeTruthy();
  });

  it('offers an admin to invite members and remove members only, and Leave', async () => {
    await openLab('admin');
    expect(actionsOf('Olive Owner')).toEqual([]);
    expect(actionsOf('Adam Admin')).toEqual([]);
    expect(actionsOf('Dana Scully (you)')).toEqual([]);
    expect(actionsOf('Mia Member')).toEqual(['Remove Mia Member']);
    expect(within(screen.getByLabelText('Role')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Member']);
    expect(screen.getByRole('button', { name: 'Withdraw the invitation to new@example.com' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rename' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave organisation' })).toBeTruthy();
  });

  it('offers a member only Leave: no emails, no invitations, no changes', async () => {
    await openLab('member');
    expect(within(members()).queryByRole('columnheader', { name: 'Email' })).toBeNull();
    expect(within(members()).queryAllByRole('button')).toEqual([]);
    expect(within(rowOf(members(), 'Olive Owner')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Olive Owner', 'Owner', '2026-11-02']);
    expect(screen.queryByRole('heading', { name: 'Pending invitations' })).toBeNull();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave organisation' })).toBeTruthy();
  });

  it('shows a portal admin who is not a member everything, read-only, with the way back to All organisations', async () => {
    await openLab(null);
    expect(screen.getByRole('note').textContent).toMatch(/You are not a member/);
    expect(within(members()).queryAllByRole('button')).toEqual([]);
    expect(within(rowOf(members(), 'Olive Owner')).getByRole('cell', { name: 'olive@example.com' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Pending invitations' })).getByRole('cell', { name: 'new@example.com' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Withdraw|Rename|Leave/ })).toBeNull();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByRole('link', { name: /Back to all organisations/ }).getAttribute('href')).toBe('/allorganisations');
  });

  it('removes a member only once the owner confirms', async () => {
    const { user } = await openLab('owner');
    api.answer(organisationsContract, 'remove_member', { organisation_id: LAB });
    await user.click(screen.getByRole('button', { name: 'Remove Mia Member' }));
    await user.click((await findConfirmation('Remove Mia Member from Lab?')).button('Cancel'));
    await expectNoConfirmation('Remove Mia Member from Lab?');
    expect(api.calls(organisationsContract, 'remove_member')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove Mia Member' }));
    await user.click((await findConfirmation('Remove Mia Member from Lab?')).button('Remove member'));
    await findNotification('Mia Member removed');
    expect(api.calls(organisationsContract, 'remove_member')).toEqual([{ organisation_id: LAB, user_id: MIA.user_id }]);
  });

  it('hands the organisation over once the owner confirms, and changes a role at a click', async () => {
    const { user } = await openLab('owner');
    api.answer(organisationsContract, 'hand_over_organisation', { organisation_id: LAB });
    api.answer(organisationsContract, 'set_member_role', ({ role }) => ({ ...MIA, role }));
    await user.click(screen.getByRole('button', { name: 'Make admin: Mia Member' }));
    await findNotification('Mia Member is now admin');
    expect(api.calls(organisationsContract, 'set_member_role')).toEqual([{ organisation_id: LAB, user_id: MIA.user_id, role: 'admin' }]);
    await user.click(screen.getByRole('button', { name: 'Hand over to Adam Admin' }));
    const question = await findConfirmation('Hand Lab over to Adam Admin?');
    expect(question.text).toContain('you stay as an admin');
    await user.click(question.button('Hand over'));
    await findNotification('Adam Admin is now the owner; you stay as an admin');
    expect(api.calls(organisationsContract, 'hand_over_organisation')).toEqual([{ organisation_id: LAB, user_id: ADAM.user_id }]);
  });

  it('invites an address with the chosen role, and shows a refusal in the red banner', async () => {
    const { user } = await openLab('owner');
    api.answer(organisationsContract, 'invite_member', refused('kim@example.com is invited already'));
    const invite = screen.getByRole('button', { name: 'Invite' });
    expect(invite).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Email'), 'kim@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'Admin');
    await user.click(invite);
    await findErrorBanner('kim@example.com is invited already');
    api.answer(organisationsContract, 'invite_member', ({ email, role }) => ({ ...INVITATION, id: 'inv-kkkkkkkkkkkkkkkk', email, role }));
    await user.click(invite);
    await findNotification('Invitation sent to kim@example.com: its link works for 7 days');
    expect(api.calls(organisationsContract, 'invite_member')).toEqual([
      { organisation_id: LAB, email: 'kim@example.com', role: 'admin' },
      { organisation_id: LAB, email: 'kim@example.com', role: 'admin' },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveProperty('value', ''));
  });

  it('withdraws a pending invitation', async () => {
    const { user } = await openLab('admin');
    api.answer(organisationsContract, 'withdraw_invitation', { organisation_id: LAB });
    await user.click(screen.getByRole('button', { name: 'Withdraw the invitation to new@example.com' }));
    await findNotification('Invitation to new@example.com withdrawn');
    expect(api.calls(organisationsContract, 'withdraw_invitation')).toEqual([{ organisation_id: LAB, invitation_id: INVITATION.id }]);
  });

  it('renames the organisation in its dialog', async () => {
    const { user } = await openLab('admin');
    api.answer(organisationsContract, 'rename_organisation', ({ name }) => ({ id: LAB, name }));
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename organisation' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveProperty('value', 'Lab');
    await user.clear(name);
    await user.type(name, 'Photon Lab');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await findNotification('Organisation renamed Photon Lab');
    expect(api.calls(organisationsContract, 'rename_organisation')).toEqual([{ organisation_id: LAB, name: 'Photon Lab' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('leaves once the member confirms, back to their organisations', async () => {
    const { user } = await openLab('member');
    api.answer(organisationsContract, 'leave_organisation', { organisation_id: LAB });
    api.answer(organisationsContract, 'get_my_organisations', { organisations: [], invitations: [] });
    await user.click(screen.getByRole('button', { name: 'Leave organisation' }));
    await user.click((await findConfirmation('Leave Lab?')).button('Leave organisation'));
    await findNotification('You left Lab');
    expect(api.calls(organisationsContract, 'leave_organisation')).toEqual([{ organisation_id: LAB }]);
    await screen.findByRole('heading', { name: 'Your organisations', level: 3 });
    expect(currentPath()).toBe('/organisations');
  });

  it('shows the server’s refusal of an organisation the caller may not read', async () => {
    answerProfile(CUSTOMER);
    api.answer(organisationsContract, 'get_organisation', refused('You are not a member of this organisation', 403));
    await renderScreen('/organisations/99', { title: 'Organisation' });
    await findErrorBanner('You are not a member of this organisation');
    expect(screen.queryByRole('table', { name: 'Members' })).toBeNull();
  });
});

describe('an organisation’s members, 20 a page', () => {
  /** Dana owns a lab of 45: herself and Person 01 … Person 44, members. */
  const CROWD = [DANA('owner'), ...Array.from({ length: 44 }, (_, index) => person(100 + index, 'Person', String(index + 1).padStart(2, '0'), 'member'))];
  const membersRegion = () => screen.getByRole('region', { name: 'Members' });
  const memberCalls = () => api.calls(organisationsContract, 'get_organisation');
  const names = () => within(members()).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent);

  /** Opens the lab; get_organisation answers the page and search it is sent, as the server does (no page: everyone). */
  async function openCrowd() {
    answerProfile(CUSTOMER);
    api.answer(organisationsContract, 'get_organisation', ({ page, search }) => {
      const found = search ? CROWD.filter((member) => `${member.first_name} ${member.last_name}`.includes(search)) : CROWD;
      return { ...lab('owner'), members: page === undefined ? found : found.slice((page - 1) * 20, page * 20), member_count: found.length };
    });
    api.answer(organisationSeatsContract, 'get_organisation_licenses', labLicenses('owner'));
    const rendered = await renderScreen(`/organisations/${LAB}`, { title: 'Organisation' });
    await screen.findByRole('heading', { name: 'Lab', level: 3 });
    await screen.findByRole('table', { name: 'Members' });
    return rendered;
  }

  /** Picks page `page` of the members. */
  const choosePage = async (user: Awaited<ReturnType<typeof openCrowd>>['user'], page: number) => {
    await user.click(within(membersRegion()).getByRole('combobox', { name: 'Page' }));
    await user.click(await screen.findByRole('option', { name: String(page) }));
  };

  it('shows the first 20 members and how many there are, never asking for every member', async () => {
    await openCrowd();
    expect(names()).toEqual(['Dana Scully (you)', ...Array.from({ length: 19 }, (_, index) => `Person ${String(index + 1).padStart(2, '0')}`)]);
    expect(screen.getByText(/· 45 members ·/)).toBeTruthy();
    expect(within(membersRegion()).getByText('45 members')).toBeTruthy();
    expect(within(membersRegion()).getByText('of 3')).toBeTruthy();
    // The header and the first page are one read of one page.
    expect(memberCalls()).toEqual([{ organisation_id: LAB, page: 1 }]);
  });

  it('moves between the pages and searches the members by name, sending page and search', async () => {
    const { user } = await openCrowd();
    await choosePage(user, 3);
    await waitFor(() => expect(names()).toEqual(['Person 40', 'Person 41', 'Person 42', 'Person 43', 'Person 44']));
    expect(memberCalls().at(-1)).toEqual({ organisation_id: LAB, page: 3 });

    await user.type(screen.getByLabelText('Search members'), 'Person 1');
    // A new search starts again at page 1.
    await waitFor(() => expect(memberCalls().at(-1)).toEqual({ organisation_id: LAB, page: 1, search: 'Person 1' }));
    await waitFor(() => expect(names()).toEqual(['Person 10', 'Person 11', 'Person 12', 'Person 13', 'Person 14', 'Person 15', 'Person 16', 'Person 17', 'Person 18', 'Person 19']));
    expect(within(membersRegion()).getByText('10 members')).toBeTruthy();
    expect(within(membersRegion()).queryByRole('combobox', { name: 'Page' })).toBeNull();
    // The organisation itself still has 45.
    expect(screen.getByText(/· 45 members ·/)).toBeTruthy();

    await user.clear(screen.getByLabelText('Search members'));
    await user.type(screen.getByLabelText('Search members'), 'nobody');
    await within(membersRegion()).findByText('No members match the search.');
    expect(screen.queryByRole('table', { name: 'Members' })).toBeNull();
  });

  it('reads the page it shows again once a member on it is removed', async () => {
    const { user } = await openCrowd();
    await choosePage(user, 2);
    await screen.findByRole('button', { name: 'Remove Person 20' });
    api.answer(organisationsContract, 'remove_member', { organisation_id: LAB });
    const before = memberCalls().length;
    await user.click(screen.getByRole('button', { name: 'Remove Person 20' }));
    await user.click((await findConfirmation('Remove Person 20 from Lab?')).button('Remove member'));
    await findNotification('Person 20 removed');
    expect(api.calls(organisationsContract, 'remove_member')).toEqual([{ organisation_id: LAB, user_id: 119 }]);
    await waitFor(() => expect(memberCalls().slice(before)).toContainEqual({ organisation_id: LAB, page: 2 }));
  });
});

describe('an organisation’s licenses and seats', () => {
  const SINCE = '2026-11-20T08:00:00Z';
  const LEASE_END = '2026-12-05T08:00:00Z';
  const named = (member: Member) => ({ id: member.user_id, name: `${member.first_name} ${member.last_name}` });
  const seat = (fields: Partial<OrganisationLicense> & Pick<OrganisationLicense, 'id'>): OrganisationLicense => ({
    license_type_id: 'Automation',
    valid_from: '2026-01-01',
    valid_to: '2027-01-01',
    enabled: true,
    expired: false,
    bought_by: named(OLIVE),
    assigned_to: null,
    holder: null,
    ...fields,
  });
  /** Assigned to Mia, whose laptop holds it. */
  const HELD = seat({
    id: 900,
    assigned_to: named(MIA),
    holder: { user_id: MIA.user_id, name: 'Mia Member', member: true, hostname: 'mia-laptop', since: SINCE, lease_end: LEASE_END },
  });
  /** In the pool, free. */
  const FREE = seat({ id: 901, license_type_id: 'Battery', valid_to: null });
  /** In the pool, still held by someone who left the organisation. */
  const LEFT = seat({
    id: 902,
    bought_by: named(ADAM),
    holder: { user_id: 30, name: 'Kim Gone', member: false, hostname: 'kim-pc', since: SINCE, lease_end: LEASE_END },
  });

  const seats = () => screen.getByRole('table', { name: 'Licenses' });
  const seatRow = (id: number) => rowOf(seats(), String(id));
  const cellsOf = (id: number) => within(seatRow(id)).getAllByRole('cell').map((cell) => cell.textContent);
  const openSeats = async (role: OrganisationRole | null, licenses = [HELD, FREE, LEFT], count = licenses.length) => {
    const rendered = await openLab(role, licenses, count);
    await screen.findByRole('table', { name: 'Licenses' });
    return rendered;
  };
  /** Picks `option` in the open dialog's Seat for select. */
  const chooseSeatFor = async (user: Awaited<ReturnType<typeof openSeats>>['user'], dialog: HTMLElement, option: string) => {
    await user.click(within(dialog).getByRole('combobox', { name: 'Seat for' }));
    await user.click(await screen.findByRole('option', { name: option }));
  };

  it('shows its owner each license with whom its seat is for, who holds it since when, its lease end, and a holder who left', async () => {
    await openSeats('owner');
    expect(api.calls(organisationSeatsContract, 'get_organisation_licenses')[0]).toEqual({ organisation_id: LAB, page: 1 });
    expect(within(seats()).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'License',
      'Type',
      'Valid to',
      'Bought by',
      'Assigned to',
      'Held by',
      'Actions',
    ]);
    const lease = `lease ends ${formatDateTime(LEASE_END)}`;
    expect(cellsOf(900).slice(0, 6)).toEqual(['900', 'Automation', '2027-01-01', 'Olive Owner', 'Mia Member', `Mia Membermia-laptop since ${formatDateTime(SINCE)}${lease}`]);
    expect(cellsOf(901).slice(0, 6)).toEqual(['901', 'Battery', 'Perpetual', 'Olive Owner', 'Pool (any member)', 'Free']);
    expect(cellsOf(902).slice(4, 6)).toEqual(['Pool (any member)', `Kim Gone (left the organisation)kim-pc since ${formatDateTime(SINCE)}${lease}`]);
    // Release only where a machine holds the seat.
    const buttons = (id: number) => within(seatRow(id)).getAllByRole('button').map((button) => button.getAttribute('aria-label'));
    expect(buttons(900)).toEqual(['Assign license 900', 'Release seat of license 900']);
    expect(buttons(901)).toEqual(['Assign license 901']);
    expect(screen.getByText('3 licenses')).toBeTruthy();
  });

  it('shows a floating license by its seats in use, with no seat of its own to release', async () => {
    const FLOATING = seat({ id: 903, bought_by: named(ADAM), seats: 5, in_use: 2 });
    await openSeats('owner', [FLOATING]);
    expect(cellsOf(903).slice(4, 6)).toEqual(['Pool (any member)', '5 seats (floating), 2 in use']);
    expect(within(seatRow(903)).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Assign license 903']);
  });

  it('assigns a free seat to a member, and a held one back to the pool, sending whom it is for', async () => {
    const { user } = await openSeats('admin');
    api.answer(organisationSeatsContract, 'assign_license', ({ license_id }) => ({ organisation_id: LAB, license: license_id === FREE.id ? FREE : HELD }));
    await user.click(screen.getByRole('button', { name: 'Assign license 901' }));
    let dialog = await screen.findByRole('dialog', { name: 'Assign license 901' });
    // Unchanged, there is nothing to save.
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toHaveProperty('disabled', true);
    await chooseSeatFor(user, dialog, 'Mia Member');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await findNotification('License 901 assigned to Mia Member');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Assign license 900' }));
    dialog = await screen.findByRole('dialog', { name: 'Assign license 900' });
    await chooseSeatFor(user, dialog, 'Pool (any member)');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await findNotification('License 900 left to the pool (any member)');
    expect(api.calls(organisationSeatsContract, 'assign_license')).toEqual([
      { organisation_id: LAB, license_id: 901, user_id: MIA.user_id },
      { organisation_id: LAB, license_id: 900, user_id: null },
    ]);
  });

  it('says before assigning a held seat to another member that the holder’s machine works on until its lease ends, and shows a refusal in the dialog', async () => {
    const { user } = await openSeats('owner');
    await user.click(screen.getByRole('button', { name: 'Assign license 900' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign license 900' });
    await chooseSeatFor(user, dialog, 'Adam Admin');
    expect(within(dialog).getByText(/seat is freed/).textContent).toBe(
      `Mia Member's seat is freed: mia-laptop keeps working until its lease ends on ${formatDateTime(LEASE_END)}; it will not be renewed.`,
    );
    api.answer(organisationSeatsContract, 'assign_license', refused(organisationMessages.notMember));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await findErrorBanner(organisationMessages.notMember, dialog);
    expect(api.calls(organisationSeatsContract, 'assign_license')).toEqual([{ organisation_id: LAB, license_id: 900, user_id: ADAM.user_id }]);
  });

  it('releases a held seat only once confirmed, saying plainly the old machine keeps working until its lease ends', async () => {
    const { user } = await openSeats('owner');
    api.answer(organisationSeatsContract, 'release_organisation_seat', { organisation_id: LAB, license: { ...HELD, holder: null } });
    const title = 'Release the seat of license 900?';
    await user.click(screen.getByRole('button', { name: 'Release seat of license 900' }));
    let question = await findConfirmation(title);
    expect(question.text).toContain(`The seat is free at once. mia-laptop keeps working until its lease ends on ${formatDateTime(LEASE_END)}; it will not be renewed.`);
    await user.click(question.button('Cancel'));
    await expectNoConfirmation(title);
    expect(api.calls(organisationSeatsContract, 'release_organisation_seat')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Release seat of license 900' }));
    question = await findConfirmation(title);
    await user.click(question.button('Release seat'));
    await findNotification('Seat of license 900 released');
    expect(api.calls(organisationSeatsContract, 'release_organisation_seat')).toEqual([{ organisation_id: LAB, license_id: 900 }]);
    // The seats are read again.
    await waitFor(() => expect(api.calls(organisationSeatsContract, 'get_organisation_licenses').length).toBeGreaterThan(1));
  });

  it('shows the server’s refusal of a release in the red banner', async () => {
    const { user } = await openSeats('admin');
    api.answer(organisationSeatsContract, 'release_organisation_seat', refused(organisationMessages.seatFree));
    await user.click(screen.getByRole('button', { name: 'Release seat of license 902' }));
    await user.click((await findConfirmation('Release the seat of license 902?')).button('Release seat'));
    await findErrorBanner(organisationMessages.seatFree);
  });

  it('searches and pages the licenses, 20 a page', async () => {
    const { user } = await openSeats('owner', [HELD], 45);
    const lastCall = () => api.calls(organisationSeatsContract, 'get_organisation_licenses').at(-1);
    const section = screen.getByRole('region', { name: 'Licenses' });
    expect(within(section).getByText('of 3')).toBeTruthy();
    await user.click(within(section).getByRole('combobox', { name: 'Page' }));
    await user.click(await screen.findByRole('option', { name: '3' }));
    await waitFor(() => expect(lastCall()).toEqual({ organisation_id: LAB, page: 3 }));
    await user.type(screen.getByLabelText('Search licenses'), 'mia-laptop');
    // A new search starts again at page 1.
    await waitFor(() => expect(lastCall()).toEqual({ organisation_id: LAB, page: 1, search: 'mia-laptop' }));
  });

  it('says when the organisation has no licenses yet', async () => {
    await openLab('owner');
    await screen.findByText(/No licenses in this organisation yet/);
    expect(screen.queryByRole('table', { name: 'Licenses' })).toBeNull();
  });

  it('shows a member no licenses section, and asks for none', async () => {
    await openLab('member');
    expect(screen.queryByRole('heading', { name: 'Licenses' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Licenses' })).toBeNull();
    expect(api.calls(organisationSeatsContract, 'get_organisation_licenses')).toEqual([]);
  });

  it('shows a portal admin every license and seat, read-only', async () => {
    await openSeats(null);
    expect(cellsOf(900)).toEqual(['900', 'Automation', '2027-01-01', 'Olive Owner', 'Mia Member', `Mia Membermia-laptop since ${formatDateTime(SINCE)}lease ends ${formatDateTime(LEASE_END)}`]);
    expect(within(seats()).queryAllByRole('button')).toEqual([]);
    expect(within(seats()).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
