import { Text } from '@mantine/core';
import { auditFieldChanges, fieldChangeText, type AuditWordsEntry, type NameOf } from '../../../shared/audit/action-words';
import { WholeValues } from './whole-values';

/**
 * An audit entry's changed fields, one a line ("valid_to: 2026-01-01 → 2027-01-01"), as the History of a
 * license, the audit page and a user's actions show them, users by their names (`nameOf`); nothing for an
 * entry without values.
 */
export function AuditChanges({ entry, nameOf }: { entry: Pick<AuditWordsEntry, 'before' | 'after'>; nameOf?: NameOf }) {
  const changes = auditFieldChanges(entry, nameOf);
  if (changes.length === 0) return null;
  return (
    <>
      {changes.map((change) => (
        <Text key={change.field} size="sm" display="block" style={{ overflowWrap: 'anywhere' }}>
          <WholeValues text={fieldChangeText(change)} />
        </Text>
      ))}
    </>
  );
}
