import type { DomainDeclaration } from '../../lib/records/domain';
import { RevocationEntity } from './revocation.entity';

/** The sessions domain: the records that make the API refuse a user's tokens. */
export const sessionsDomain = {
  domain: 'sessions',
  parts: [
    {
      what: 'revocations of their tokens (by sub)',
      entities: [RevocationEntity],
      fate: 'expire',
      why: 'the account revocation is written first of all and must outlive every token it refuses; they expire once no such token can be valid',
    },
  ],
} as const satisfies DomainDeclaration;
