/** The name of the usage screen's version row that totals every version (this month's distinct users). */
export const ALL_VERSIONS = 'All versions';
