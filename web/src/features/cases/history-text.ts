import { caseStateNames, type CaseState } from '../../../../shared/cases/cases';
import type { CaseEvent } from '../../../../shared/contract/case';
import { caseTexts } from './messages';

const stateName = (state: number | null) => (state === null ? '' : (caseStateNames[state as CaseState] ?? String(state)));

/**
 * A history entry in words, people named by `nameOf`: "… opened the case", "… changed the state from New
 * to Waiting for user response", "… assigned the case to …", "… cleared the assignment".
 */
export function historyText(event: CaseEvent, nameOf: (userId: number) => string): string {
  const who = nameOf(event.by_user_id);
  if (event.kind === 'assign') return event.assigned_to === null ? caseTexts.historyCleared(who) : caseTexts.historyAssigned(who, nameOf(event.assigned_to));
  if (event.from_state === null) return caseTexts.historyOpened(who);
  return caseTexts.historyState(who, stateName(event.from_state), stateName(event.to_state));
}
