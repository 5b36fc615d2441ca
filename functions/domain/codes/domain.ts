import { codeKind } from './code.kind';
import type { DomainDeclaration } from '../../lib/records/domain';
import { CodeRedemptionEntity, LicenseCodeEntity } from './license-code.entity';

/** The codes domain: who generated a code, who used it. */
export const codesDomain = {
  domain: 'codes',
  kinds: [codeKind],
  parts: [
    {
      what: 'license codes: the admin who generated one, the user who used a single-use one',
      entities: [LicenseCodeEntity],
      fate: 'keep',
      why: 'a code is used once: the record of its use must outlive its user; ids only',
    },
    {
      what: "a user's redemption of a campaign code",
      entities: [CodeRedemptionEntity],
      fate: 'keep',
      why: 'a campaign is once per user id; the license it gave is kept (detached); ids only',
    },
  ],
} as const satisfies DomainDeclaration;
