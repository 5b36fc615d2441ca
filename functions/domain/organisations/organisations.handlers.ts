import type { organisationsAdminContract } from '../../../shared/organisations/organisations.admin';
import type { organisationsContract } from '../../../shared/organisations/organisations.contract';
import type { EndpointHandlers } from '../../endpoint';
import { nextId } from '../../lib/db/counters';
import { writeChanges } from '../../lib/records/write-changes';
import { organisationKind, organisationList, type OrganisationRecord } from './organisation.kind';

/** The organisations feature's handlers, served by the `user` endpoint (functions/user/app.ts). */
export const organisationHandlers: EndpointHandlers<typeof organisationsContract> & EndpointHandlers<typeof organisationsAdminContract> = {
  /** A new organisation, its creator its owner: with its list row and its audit entry, in one transaction. */
  create_organisation: async ({ name }, { viewer }) => {
    const now = new Date();
    const stamp = now.toISOString();
    const organisation: OrganisationRecord = { id: await nextId('organisation'), name, owner_id: viewer.userId, created: stamp, updated: stamp };
    await writeChanges([organisationKind.change({ before: null, after: organisation, condition: { attr: 'id', exists: false }, audit: {} })], { now });
    return { id: organisation.id, name: organisation.name };
  },
  get_organisations: async (params) => {
    const { rows, count } = await organisationList.page(params);
    return { organisations: rows, count };
  },
  get_organisations_csv: (params) => organisationList.csv(params),
};
