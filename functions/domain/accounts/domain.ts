import { deletionRequestKind } from './deletion-request.kind';
import type { DomainDeclaration } from '../../lib/records/domain';
import { AccountDeletionEntity } from './account-deletion.entity';
import { DeletionRequestEntity } from './deletion-request.entity';

/** The accounts domain: the deletion request itself, and the line that says an account was deleted. */
export const accountsDomain = {
  domain: 'accounts',
  kinds: [deletionRequestKind],
  parts: [
    {
      what: 'the pending deletion request (id, sub, username, when)',
      entities: [DeletionRequestEntity],
      fate: 'delete',
      why: 'closed by the deletion itself (recordDeletion), once everything else is done',
    },
    {
      what: 'the deletion line: user id, when requested and deleted, by whom (an admin id)',
      entities: [AccountDeletionEntity],
      fate: 'keep',
      why: 'proof that and when the account was deleted; numbers only, no personal data',
    },
  ],
} as const satisfies DomainDeclaration;
