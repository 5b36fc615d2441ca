import { Badge } from '@mantine/core';
import { caseStateNames, type CaseState } from '../../../../../shared/cases/cases';

/**
 * A case's state in its colour: 0 Closed grey, 1 New red, 2 Waiting for user response green, 3 Waiting
 * for admin response red. The light variant's text takes the scheme's shade of the colour, so it reads
 * on a light and on a dark page.
 */
const stateColours: Record<CaseState, string> = { 0: 'gray', 1: 'red', 2: 'green', 3: 'red' };

export function CaseStateBadge({ state }: { state: number }) {
  const known = state as CaseState;
  return (
    <Badge color={stateColours[known] ?? 'gray'} variant="light" radius="sm" tt="none">
      {caseStateNames[known] ?? String(state)}
    </Badge>
  );
}
