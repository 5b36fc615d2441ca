import type { DomainDeclaration } from '../../lib/records/domain';
import { OrganisationEntity, organisationKind } from './organisation.kind';

/** The organisations domain: the organisations people create. */
export const organisationsDomain = {
  domain: 'organisations',
  kinds: [organisationKind],
  parts: [
    {
      what: 'the organisations they own (name, their id)',
      entities: [OrganisationEntity],
      fate: 'keep',
      why: 'an organisation outlives its owner (its members and seats); it names them by id only',
    },
  ],
} as const satisfies DomainDeclaration;
