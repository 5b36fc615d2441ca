import { Button, Group, Table } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { ORGANISATION_MEMBERS_PAGE_SIZE, organisationsContract, type Member, type Organisation } from '../../../../../shared/organisations/organisations.contract';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useCmdQuery } from '../../../api/cmd-query';
import { ActionsTh } from '../../../components/actions-th';
import { EmailText } from '../../../components/email-text';
import { SearchableList } from '../../../components/searchable-list';
import { TableFrame } from '../../../components/table-frame';
import { formatDate } from '../../../lib/dates';
import { useSubmit } from '../../../lib/forms/use-submit';
import { organisationQuestions, organisationTexts, roleNames } from '../messages';
import { ORGANISATION_CHANGES } from '../organisation-changes';
import { memberActions } from '../roles';
import { useSearchedPages } from '../use-searched-pages';

/** A member as the screen names them: their name, else their email, else "User 12". */
export const memberName = (member: Member): string =>
  `${member.first_name} ${member.last_name}`.trim() || member.email || `User ${member.user_id}`;

interface RowProps {
  organisation: Organisation;
  member: Member;
  callerId: number;
  showEmail: boolean;
}

/** What the caller may do to one member: make admin or member, hand over, remove (the last two asked first). */
function MemberActions({ organisation, member, callerId }: Omit<RowProps, 'showEmail'>) {
  const allowed = memberActions(organisation.role, callerId, member);
  const name = memberName(member);
  const target = { organisation_id: organisation.id, user_id: member.user_id };
  const setRole = useCmdMutation(organisationsContract, 'set_member_role', ORGANISATION_CHANGES);
  const handOver = useCmdMutation(organisationsContract, 'hand_over_organisation', ORGANISATION_CHANGES);
  const remove = useCmdMutation(organisationsContract, 'remove_member', ORGANISATION_CHANGES);
  const changingRole = useSubmit(() => setRole.mutateAsync({ ...target, role: allowed.changeRoleTo ?? 'member' }), {
    success: (changed) => organisationTexts.roleChanged(name, changed.role),
  });
  const handingOver = useSubmit(() => handOver.mutateAsync(target), {
    confirm: () => organisationQuestions.handOver(name, organisation.name),
    success: () => organisationTexts.handedOver(name),
  });
  const removing = useSubmit(() => remove.mutateAsync(target), {
    confirm: () => organisationQuestions.remove(name, organisation.name),
    success: () => organisationTexts.removed(name),
  });
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {allowed.changeRoleTo && (
        <Button
          size="compact-sm"
          variant="default"
          loading={changingRole.pending}
          aria-label={organisationTexts.roleLabel(name, allowed.changeRoleTo)}
          onClick={() => void changingRole.run()}
        >
          {`Make ${roleNames[allowed.changeRoleTo].toLowerCase()}`}
        </Button>
      )}
      {allowed.handOver && (
        <Button size="compact-sm" variant="default" loading={handingOver.pending} aria-label={organisationTexts.handOverLabel(name)} onClick={() => void handingOver.run()}>
          Hand over
        </Button>
      )}
      {allowed.remove && (
        <Button size="compact-sm" variant="light" color="red" loading={removing.pending} aria-label={organisationTexts.removeLabel(name)} onClick={() => void removing.run()}>
          Remove
        </Button>
      )}
    </Group>
  );
}

/** One page of members: name, role, email (to its owner and admins, and the portal's), when they joined, and the actions. */
function MembersTableRows({ organisation, members, callerId }: { organisation: Organisation; members: readonly Member[]; callerId: number }) {
  const showEmail = members.some((member) => member.email !== undefined);
  const withActions = members.some((member) => {
    const allowed = memberActions(organisation.role, callerId, member);
    return allowed.remove || allowed.handOver || allowed.changeRoleTo !== null;
  });
  return (
    <TableFrame label={organisationTexts.members} minWidth={withActions ? 760 : 480} pinnedActions={withActions}>
      <Table striped verticalSpacing={6} fz="sm" aria-label={organisationTexts.members}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Role</Table.Th>
            {showEmail && <Table.Th>Email</Table.Th>}
            <Table.Th>Joined</Table.Th>
            {withActions && <ActionsTh />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.user_id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {member.user_id === callerId ? organisationTexts.you(memberName(member)) : memberName(member)}
              </Table.Td>
              <Table.Td>{roleNames[member.role]}</Table.Td>
              {showEmail && <Table.Td>{member.email && <EmailText email={member.email} />}</Table.Td>}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(member.joined)}</Table.Td>
              {withActions && (
                <Table.Td>
                  <MemberActions organisation={organisation} member={member} callerId={callerId} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}

/**
 * An organisation's members, 20 a page by role then name, searched by name (the server pages them: an
 * organisation may have a thousand), with the actions the caller's role allows on each (none on their
 * own row: they leave instead). `organisation` is its header (name, the caller's role), read apart.
 */
export function MembersTable({ organisation, callerId }: { organisation: Organisation; callerId: number }) {
  const list = useSearchedPages();
  const { search, page } = list;
  // Page 1 unsearched is the page's own read of the organisation (the same key): one call on opening.
  const members = useCmdQuery(
    organisationsContract,
    'get_organisation',
    { organisation_id: organisation.id, page, search: search.trim() || undefined },
    { placeholderData: keepPreviousData },
  );
  const found = members.data && { count: members.data.member_count ?? members.data.members.length };
  return (
    <SearchableList
      list={list}
      label={organisationTexts.searchMembers}
      placeholder={organisationTexts.searchMembersPlaceholder}
      query={{ isPending: members.isPending, isPlaceholderData: members.isPlaceholderData, data: found }}
      pageSize={ORGANISATION_MEMBERS_PAGE_SIZE}
      summary={organisationTexts.memberCount}
      hasRows={(members.data?.members.length ?? 0) > 0}
      emptyText={{ noMatch: organisationTexts.noMemberMatch, none: organisationTexts.noMembers }}
    >
      {members.data && <MembersTableRows organisation={organisation} members={members.data.members} callerId={callerId} />}
    </SearchableList>
  );
}
