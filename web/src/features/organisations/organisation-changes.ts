/** Every change to an organisation: the caller's list, the organisation and the admins' list read again. */
export const ORGANISATION_CHANGES = { invalidates: ['get_my_organisations', 'get_organisation', 'get_organisations'] } as const;
