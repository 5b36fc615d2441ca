/**
 * An organisation's keys, in a module of their own: a function that only reads memberships or names (the
 * desktop protocol) builds them without bundling the organisation's kind, its list and its joins.
 */
export const organisationPartition = (id: number) => `organisation#${id}`;
/** Sorts organisation ids as numbers within a partition of the index (a user's memberships). */
export const organisationSortKey = (id: number) => `organisation#${String(id).padStart(10, '0')}`;
