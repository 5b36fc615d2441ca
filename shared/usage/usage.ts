/** The name of the usage screen's version row that totals every version (this month's distinct users). */
export const ALL_VERSIONS = 'All versions';

/**
 * The row that counts every client version or OS the portal does not know (not in the release list):
 * what a client sends is free text, so only known values get a row of their own.
 */
export const OTHER_USAGE = 'other';
