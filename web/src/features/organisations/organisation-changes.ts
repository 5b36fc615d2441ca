/**
 * Every change to an organisation: the caller's list, the organisation, the admins' list and its licenses
 * read again (a member removed or gone leaves their seat, and the seats' choice of members changes).
 */
export const ORGANISATION_CHANGES = {
  invalidates: ['get_my_organisations', 'get_organisation', 'get_organisations', 'get_organisation_licenses'],
} as const;

/** A change to an organisation's seat: its licenses, and the Licenses screen that lists them, read again. */
export const SEAT_CHANGES = { invalidates: ['get_organisation_licenses', 'get_licenses'] } as const;
