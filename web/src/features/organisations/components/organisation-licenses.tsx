import { Stack, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useId } from 'react';
import { organisationRules } from '../../../../../shared/organisations/organisation-roles';
import { organisationSeatsContract } from '../../../../../shared/organisations/organisation-seats.contract';
import { ORGANISATION_LICENSES_PAGE_SIZE, type Organisation } from '../../../../../shared/organisations/organisations.contract';
import { useCmdQuery } from '../../../api/cmd-query';
import { SearchableList } from '../../../components/searchable-list';
import { seatTexts } from '../messages';
import { SeatsTable } from './seats-table';
import { useSearchedPages } from '../use-searched-pages';

/**
 * The organisation's Licenses: its owner and admins (and a portal admin, read-only) see every license 20
 * a page, newest first, searched by license id, type, person or machine, with whom each seat is for and
 * who holds it; its owner and admins assign seats and release a lost machine's. Members are shown none of
 * it (their seats are on their Licenses screen).
 */
export function OrganisationLicenses({ organisation }: { organisation: Organisation }) {
  const headingId = useId();
  const manages = organisationRules.manageSeats(organisation.role);
  const list = useSearchedPages();
  const { search, page } = list;
  const licenses = useCmdQuery(
    organisationSeatsContract,
    'get_organisation_licenses',
    { organisation_id: organisation.id, page, search: search.trim() || undefined },
    { placeholderData: keepPreviousData },
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={4} id={headingId}>
        {seatTexts.licenses}
      </Title>
      <SearchableList
        list={list}
        label={seatTexts.searchLicenses}
        placeholder={seatTexts.searchPlaceholder}
        query={licenses}
        pageSize={ORGANISATION_LICENSES_PAGE_SIZE}
        summary={seatTexts.count}
        hasRows={(licenses.data?.licenses.length ?? 0) > 0}
        emptyText={{ noMatch: seatTexts.noMatch, none: seatTexts.none }}
      >
        {licenses.data && (
          <SeatsTable organisationId={organisation.id} licenses={licenses.data.licenses} members={licenses.data.members} manages={manages} />
        )}
      </SearchableList>
    </Stack>
  );
}
