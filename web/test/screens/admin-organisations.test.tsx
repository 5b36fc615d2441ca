import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { organisationsAdminContract, type OrganisationRow } from '../../../shared/organisations/organisations.admin';
import { organisationSeatsContract } from '../../../shared/organisations/organisation-seats.contract';
import { organisationsContract } from '../../../shared/organisations/organisations.contract';
import type { AuditEntry } from '../../../shared/audit/entries';
import { formatDateTime } from '../../src/lib/dates';
import { api } from '../support/fake-api';
import { ADMIN, CUSTOMER, answerProfile, auditEntry } from '../support/fixtures';
import { currentPath, renderScreen } from '../support/render';

/**
 * All organisations (admin): the declared list (search, sort, page in the address, CSV) and a row's way
 * to the organisation's screen, with its licenses and seats read-only. The list's server side is the organisations' integration tests.
 */

let nextId = 300;
function row(fields: Partial<OrganisationRow> = {}): OrganisationRow {
  const id = nextId++;
  return { id, name: `Lab ${id}`, owner_id: 900 + id, owner: `owner${id}@example.com`, members: 3, created: '2026-11-01T10:00:00Z', ...fields };
}

async function openList(rows: OrganisationRow[], count = rows.length, path = '/allorganisations') {
  answerProfile(ADMIN);
  api.answer(organisationsAdminContract, 'get_organisations', { organisations: rows, count });
  const rendered = await renderScreen(path, { as: 'admin', title: 'All organisations' });
  if (rows[0]) await screen.findByRole('link', { name: rows[0].name });
  return rendered;
}

const lastCall = () => api.calls(organisationsAdminContract, 'get_organisations').at(-1);

describe('All organisations', () => {
  it('asks for the first 20, newest first, and links each row to its organisation and its owner', async () => {
    const lab = row({ name: 'Photon Lab', members: 12 });
    await openList([lab]);
    expect(api.calls(organisationsAdminContract, 'get_organisations')[0]).toEqual({ limit: 20, page: 1, order_by: 'created', descending: true });
    const tableRow = screen.getByRole('link', { name: 'Photon Lab' }).closest('tr')!;
    expect(within(tableRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      String(lab.id),
      '2026-11-01',
      'Photon Lab',
      `${lab.owner} (user ${lab.owner_id})`,
      '12',
    ]);
    expect(within(tableRow).getByRole('link', { name: 'Photon Lab' }).getAttribute('href')).toBe(`/organisations/${lab.id}`);
    expect(within(tableRow).getByRole('link', { name: new RegExp(lab.owner) }).getAttribute('href')).toBe(`/alllicenses/${lab.owner_id}`);
    expect(screen.getByText('1 organisation')).toBeTruthy();
  });

  it('searches, sorts by a header and pages, all kept in the address', async () => {
    const { user } = await openList([row()], 45);
    await user.type(screen.getByLabelText('Search'), 'photon');
    await waitFor(() => expect(lastCall()).toMatchObject({ search: 'photon', page: 1 }));
    await user.click(screen.getByRole('button', { name: /Members/ }));
    await waitFor(() => expect(lastCall()).toMatchObject({ order_by: 'members', descending: false, search: 'photon' }));
    // 45 organisations, 20 a page: 3 pages.
    expect(screen.getByText('of 3')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Page' }));
    await user.click(await screen.findByRole('option', { name: '3' }));
    await waitFor(() => expect(lastCall()).toMatchObject({ page: 3, order_by: 'members', search: 'photon' }));
    expect(currentPath()).toBe('/allorganisations?search=photon&sort=members&desc=0&page=3');
  });

  it('opens at the search, order and page its address names', async () => {
    await openList([row()], 45, '/allorganisations?search=lab&sort=name&desc=1&page=2');
    expect(api.calls(organisationsAdminContract, 'get_organisations')[0]).toEqual({ limit: 20, page: 2, order_by: 'name', descending: true, search: 'lab' });
    await waitFor(() => expect(screen.getByLabelText('Search')).toHaveProperty('value', 'lab'));
  });

  it('exports the searched list in its order as CSV', async () => {
    const { user } = await openList([row()], 1, '/allorganisations?search=lab&sort=owner');
    api.answer(organisationsAdminContract, 'get_organisations_csv', { filename: 'organisations-1.csv', time_alive: 300 });
    await user.click(screen.getByRole('button', { name: 'Create CSV' }));
    expect((await screen.findByRole('link', { name: 'Download CSV' })).getAttribute('href')).toBe('/umdata/organisations-1.csv');
    expect(api.calls(organisationsAdminContract, 'get_organisations_csv')).toEqual([{ order_by: 'owner', descending: false, search: 'lab' }]);
  });

  it('says when nothing matches the search', async () => {
    await openList([], 0, '/allorganisations?search=nothing');
    await screen.findByText('No organisations match the search.');
  });

  it('opens an organisation read-only from its row, and comes back to the same list', async () => {
    const lab = row({ name: 'Photon Lab' });
    const { user } = await openList([lab], 45, '/allorganisations?search=photon&page=2');
    api.answer(organisationsContract, 'get_organisation', {
      id: lab.id,
      name: 'Photon Lab',
      owner_id: lab.owner_id,
      role: null,
      created: lab.created,
      members: [{ user_id: lab.owner_id, first_name: 'Olive', last_name: 'Owner', email: lab.owner, role: 'owner', joined: lab.created }],
      invitations: [],
    });
    api.answer(organisationsAdminContract, 'get_organisation_history', { entries: [], count: 0 });
    api.answer(organisationSeatsContract, 'get_organisation_licenses', {
      organisation_id: lab.id,
      role: null,
      licenses: [
        {
          id: 812,
          license_type_id: 'Pro',
          valid_from: '2026-01-01',
          valid_to: '2027-01-01',
          enabled: true,
          expired: false,
          bought_by: { id: lab.owner_id, name: 'Olive Owner' },
          assigned_to: null,
          holder: { user_id: lab.owner_id, name: 'Olive Owner', member: true, hostname: 'olive-pc', since: null, lease_end: null },
        },
      ],
      count: 1,
      members: [{ id: lab.owner_id, name: 'Olive Owner' }],
    });
    await user.click(screen.getByRole('link', { name: 'Photon Lab' }));
    await screen.findByRole('heading', { name: 'Photon Lab', level: 3 });
    // Its header with one page of its members, never every member.
    expect(api.calls(organisationsContract, 'get_organisation')).toEqual([{ organisation_id: lab.id, page: 1 }]);
    // Its licenses and who holds each seat, read-only.
    const seats = await screen.findByRole('table', { name: 'Licenses' });
    expect(within(seats).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['812', 'Pro', '2027-01-01', 'Olive Owner', 'Pool (any member)', 'Olive Ownerolive-pc']);
    expect(within(seats).queryAllByRole('button')).toEqual([]);
    expect(api.calls(organisationSeatsContract, 'get_organisation_licenses')).toEqual([{ organisation_id: lab.id, page: 1 }]);
    await user.click(screen.getByRole('link', { name: /Back to all organisations/ }));
    await screen.findByRole('heading', { name: 'All organisations', level: 2 });
    expect(currentPath()).toBe('/allorganisations?search=photon&page=2');
  });
});

describe('an organisation’s History, for the portal’s admins', () => {
  const LAB = 40;
  const MIA = { id: 22, email: 'mia@example.com' };
  /** Lab as get_organisation answers it: to a portal admin (role null), or to its owner Dana. */
  const lab = (role: 'owner' | null) => ({
    id: LAB,
    name: 'Photon Lab',
    owner_id: role === 'owner' ? CUSTOMER.id : 20,
    role,
    created: '2026-11-01T09:00:00Z',
    members: [{ user_id: 20, first_name: 'Olive', last_name: 'Owner', email: 'olive@example.com', role: 'owner' as const, joined: '2026-11-01T09:00:00Z' }],
    invitations: [],
  });
  const entry = (fields: Partial<AuditEntry> & Pick<AuditEntry, 'id' | 'action'>) =>
    auditEntry({ cmd: `user/${fields.action}`, target: `organisation#${LAB}`, license_id: null, user_ids: [], before: null, after: null, people: [], ...fields });
  /** Newest first, as the server answers them. */
  const ENTRIES = [
    entry({
      id: 5,
      at: '2026-11-04T12:00:00.000Z',
      action: 'assign_license',
      by_user_id: 20,
      by_user_email: 'olive@example.com',
      license_id: 812,
      before: JSON.stringify({ assigned_to: null }),
      after: JSON.stringify({ assigned_to: MIA.id }),
      people: [MIA],
    }),
    entry({ id: 4, at: '2026-11-03T12:00:00.000Z', action: 'add_license_to_organisation', by_user_id: 20, by_user_email: 'olive@example.com', license_id: 812 }),
    entry({ id: 3, at: '2026-11-02T12:00:00.000Z', action: 'accept_invitation', by_user_id: MIA.id, by_user_email: MIA.email, after: JSON.stringify({ role: 'member' }) }),
    entry({ id: 2, at: '2026-11-01T10:00:00.000Z', action: 'invite_member', by_user_id: 20, by_user_email: 'olive@example.com', after: JSON.stringify({ email: MIA.email, role: 'member' }) }),
    entry({ id: 1, at: '2026-11-01T09:00:00.000Z', action: 'create_organisation', by_user_id: 20, by_user_email: 'olive@example.com' }),
  ];

  async function openLab(role: 'owner' | null, history: { entries: AuditEntry[]; count: number } = { entries: ENTRIES, count: ENTRIES.length }) {
    answerProfile(role === null ? ADMIN : CUSTOMER);
    api.answer(organisationsContract, 'get_organisation', lab(role));
    api.answer(organisationSeatsContract, 'get_organisation_licenses', { organisation_id: LAB, role, licenses: [], count: 0, members: [] });
    api.answer(organisationsAdminContract, 'get_organisation_history', history);
    const rendered = await renderScreen(`/organisations/${LAB}`, { as: role === null ? 'admin' : 'customer', title: 'Organisation' });
    await screen.findByRole('heading', { name: 'Photon Lab', level: 3 });
    return rendered;
  }
  const historyItems = async () => within(await screen.findByRole('list', { name: 'Changes of Photon Lab' })).getAllByRole('listitem');
  /** Each item's text begins with what was done, in words. */
  const beginning = (...titles: string[]) => titles.map((title) => expect.stringMatching(new RegExp(`^${title}`)));

  it('lists what was done to the organisation, newest first, each in words with when and who', async () => {
    await openLab(null);
    const items = await historyItems();
    expect(items.map((item) => item.textContent)).toEqual(
      beginning('Organisation seat assigned', 'License added to an organisation', 'Joined an organisation', 'Invited to an organisation', 'Organisation created'),
    );
    expect(items[0]!.textContent).toContain(`${formatDateTime('2026-11-04T12:00:00.000Z')} · olive@example.com (user 20)`);
    // Whom the seat went to, by their email: the pool before.
    expect(items[0]!.textContent).toContain('Seat for: the pool → mia@example.com (user 22)');
    expect(items[2]!.textContent).toContain(`${formatDateTime('2026-11-02T12:00:00.000Z')} · mia@example.com (user 22)`);
    expect(items[3]!.textContent).toContain('email: none → mia@example.com');
    expect(api.calls(organisationsAdminContract, 'get_organisation_history')).toEqual([{ organisation_id: LAB, limit: 20, page: 1 }]);
  });

  it('pages the history 20 entries at a time', async () => {
    const { user } = await openLab(null, { entries: ENTRIES, count: 45 });
    await historyItems();
    const section = screen.getByRole('region', { name: 'History' });
    expect(within(section).getByText('of 3')).toBeTruthy();
    api.answer(organisationsAdminContract, 'get_organisation_history', ({ page }) => ({
      entries: [entry({ id: 100 + (page ?? 1), action: 'rename_organisation', after: JSON.stringify({ name: `Lab page ${page}` }) })],
      count: 45,
    }));
    await user.click(within(section).getByRole('combobox', { name: 'Page' }));
    await user.click(await screen.findByRole('option', { name: '3' }));
    await within(section).findByText('name: none → Lab page 3');
    expect((await historyItems()).map((item) => item.textContent)).toEqual(beginning('Organisation renamed'));
    expect(api.calls(organisationsAdminContract, 'get_organisation_history').at(-1)).toEqual({ organisation_id: LAB, limit: 20, page: 3 });
  });

  it('says when nothing is recorded yet', async () => {
    await openLab(null, { entries: [], count: 0 });
    await within(screen.getByRole('region', { name: 'History' })).findByText('No changes recorded yet.');
  });

  it('shows the organisation’s own owner no History, and asks for none', async () => {
    await openLab('owner');
    await screen.findByRole('table', { name: 'Members' });
    expect(screen.queryByRole('heading', { name: 'History' })).toBeNull();
    expect(api.calls(organisationsAdminContract, 'get_organisation_history')).toEqual([]);
  });
});
