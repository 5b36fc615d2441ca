import { declareRecordKind } from '../../lib/records/record-kind';
import { auditTrail } from '../audit/audit.repository';
import { codeList } from './code-list';
import { LicenseCodeEntity, type LicenseCodeRecord } from './license-code.entity';

/**
 * A license code as a record kind: keyed by its normalized text, listed by its id (the admin codes
 * list), audited in the trail of the user its licenses go to. A redemption writes what changed.
 */
export const codeKind = declareRecordKind<typeof LicenseCodeEntity, LicenseCodeRecord, object>({
  name: 'license-code',
  entity: LicenseCodeEntity,
  key: ({ key }) => ({ key }),
  keys: {},
  write: 'update',
  list: codeList,
  audit: { trail: auditTrail, target: ({ id }) => `license_code#${id}`, users: ({ user_id }) => [user_id] },
});
