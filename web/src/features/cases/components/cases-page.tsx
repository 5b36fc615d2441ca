import { Button, Checkbox, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { caseFilters } from '../../../../../shared/cases/cases';
import { caseContract } from '../../../../../shared/contract/case';
import { userContract } from '../../../../../shared/contract/user';
import { userAdminContract } from '../../../../../shared/contract/user.admin';
import { caseListColumns } from '../../../../../shared/lists/admin-lists';
import { useCmdQuery } from '../../../api/cmd-query';
import { FormDialog } from '../../../components/form-dialog';
import { PageLoader } from '../../../components/page-loader';
import { PageSelect } from '../../../components/page-select';
import { PageTitle } from '../../../components/page-title';
import { pageCount } from '../../../lib/paging';
import { useDebouncedField } from '../../../lib/use-debounced-field';
import { useDeclaredList } from '../../../lib/use-declared-list';
import { useLastPageBound } from '../../../lib/use-list-search';
import { useSession } from '../../../session/session';
import { ADMINS_FRESH_MS } from '../case-changes';
import { useCaseFilters, type CaseFilter } from '../case-filters';
import { caseFilterLabels, caseTexts } from '../messages';
import { CaseDialog } from './case-dialog';
import { CasesTable } from './cases-table';

const filterOptions = (Object.keys(caseFilterLabels) as CaseFilter[]).map((value) => ({ value, label: caseFilterLabels[value] }));

/**
 * Cases: a customer's own, an admin's all. Filters All, Open (the default), Closed and Waiting for admin
 * response; admins also search, filter by user, by "Assigned to me" and "Unassigned". 20 a page, last updated first
 * until a column header sorts them. `/cases/{id}` opens a case as a dialog over the list (0: a new one).
 */
export default function CasesPage() {
  const isAdmin = useSession()?.isAdmin ?? false;
  const me = useCmdQuery(userContract, 'get_user_profile', {}).data?.id;
  const { list, pageParams, pageSize } = useDeclaredList(caseListColumns);
  const filters = useCaseFilters();
  const [search, setSearch] = useDebouncedField(list.search, list.setSearch);
  const cases = useCmdQuery(caseContract, 'get_cases', {
    ...pageParams,
    state: [...caseFilters[filters.filter]],
    ...(isAdmin
      ? // Assigned to nobody is asked for as assignee 0 (no user has that id).
        { search: pageParams.search, user: filters.user ?? undefined, assigned_to: filters.unassigned ? 0 : filters.assignedToMe && me ? me : undefined }
      : { search: undefined }),
  }, { placeholderData: keepPreviousData });
  const admins = useCmdQuery(userAdminContract, 'get_admins', {}, { enabled: isAdmin, staleTime: ADMINS_FRESH_MS });
  // An empty list says "No cases match the filters." only when there are cases the filters hide.
  const filtered = filters.filter !== 'all' || Boolean(list.search) || filters.user !== null || filters.assignedToMe || filters.unassigned;
  const empty = cases.data?.count === 0;
  const anyCases = useCmdQuery(caseContract, 'get_cases', { limit: 1, page: 1, state: [...caseFilters.all] }, { enabled: empty && filtered, placeholderData: keepPreviousData });
  const hidden = filtered && (anyCases.data?.count ?? 0) > 0;
  const count = cases.data?.count ?? 0;
  const pages = pageCount(count, pageSize);
  useLastPageBound(list.page, pages, cases.data !== undefined && !cases.isPlaceholderData, list.setPage);

  const navigate = useNavigate();
  const location = useLocation();
  const { id } = useParams();
  const openId = id === undefined ? null : Number.parseInt(id, 10);
  const open = (caseId: number) => void navigate(`/cases/${caseId}${location.search}`);
  const close = () => void navigate(`/cases${location.search}`);

  return (
    <>
      <PageTitle />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <SegmentedControl aria-label="Show" data={filterOptions} value={filters.filter} onChange={(value) => filters.setFilter(value as CaseFilter)} />
          <Button onClick={() => open(0)} aria-haspopup="dialog">
            {caseTexts.newCase}
          </Button>
        </Group>
        {isAdmin && (
          <Group align="flex-end" gap="sm">
            <TextInput label="Search" placeholder="Id, title, name or email" autoComplete="off" w={280} maw="100%" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
            <NumberInput
              label="User id"
              w={140}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={filters.user ?? ''}
              onChange={(value) => filters.setUser(typeof value === 'number' && value > 0 ? value : null)}
            />
            <Checkbox label="Assigned to me" mb={8} checked={filters.assignedToMe} onChange={(event) => filters.setAssignedToMe(event.currentTarget.checked)} />
            <Checkbox label="Unassigned" mb={8} checked={filters.unassigned} onChange={(event) => filters.setUnassigned(event.currentTarget.checked)} />
          </Group>
        )}
        {cases.isPending ? (
          <PageLoader />
        ) : (
          cases.data && (
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {caseTexts.caseCount(count)}
              </Text>
              {cases.data.cases.length > 0 ? (
                <CasesTable
                  rows={cases.data.cases}
                  isAdmin={isAdmin}
                  admins={admins.data?.admins ?? []}
                  sort={list.sort}
                  onSort={list.sortBy}
                  onOpen={open}
                  busy={cases.isPlaceholderData}
                />
              ) : (
                (!filtered || anyCases.data) && <Text>{hidden ? caseTexts.noMatch : caseTexts.noCases}</Text>
              )}
              <Group justify="flex-end">
                <PageSelect page={Math.min(list.page, Math.max(pages, 1))} pages={pages} onChange={list.setPage} />
              </Group>
            </Stack>
          )
        )}
      </Stack>
      <FormDialog wide opened={openId !== null && Number.isInteger(openId) && openId >= 0} onClose={close} title={openId ? caseTexts.caseTitle(openId) : caseTexts.newCaseTitle}>
        <CaseDialog caseId={openId ?? 0} isAdmin={isAdmin} admins={admins.data?.admins ?? []} onCreated={(caseId) => open(caseId)} />
      </FormDialog>
    </>
  );
}
