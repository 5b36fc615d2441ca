/**
 * The bench's budgets and the verdict on them: every figure with a budget is checked, and the run ends
 * with one line naming each budget it missed (and a non-zero exit), so that none is missed silently. The
 * figures a reader compares from run to run (each function's cold import ratio) are on that line kept or
 * missed.
 */

/** A measured figure and the budget it must keep: at least, under, or at most its limit. */
export interface Budget {
  figure: string;
  value: number;
  comparison: '≥' | '<' | '≤';
  limit: number;
  /** How the value and the limit read (a percentage, KB, ms …). */
  format: (n: number) => string;
  /** Named on the verdict line under this short name even when kept, with its value. */
  shownAs?: string;
}

const keeps = ({ value, comparison, limit }: Budget): boolean =>
  comparison === '≥' ? value >= limit : comparison === '<' ? value < limit : value <= limit;

/** The budgets a run missed (a figure that could not be measured, NaN, misses its budget too). */
const missedBudgets = (budgets: readonly Budget[]): Budget[] => budgets.filter((budget) => !keeps(budget));

/** The budgets shown whatever their verdict, as `name value`, after the verdict. */
const shownFigures = (budgets: readonly Budget[]): string => {
  const shown = budgets.filter((budget) => budget.shownAs !== undefined);
  return shown.length ? ` | ${shown.map((budget) => `${budget.shownAs} ${budget.format(budget.value)}`).join(', ')}` : '';
};

/** The run's last line and its exit code: 0 when every budget was kept, 1 otherwise. */
export function budgetVerdict(budgets: readonly Budget[]): { line: string; exitCode: 0 | 1 } {
  const missed = missedBudgets(budgets);
  if (missed.length === 0) return { line: `Every budget kept (${budgets.length}).${shownFigures(budgets)}`, exitCode: 0 };
  const each = missed.map((budget) => `${budget.figure} ${budget.format(budget.value)} (budget ${budget.comparison} ${budget.format(budget.limit)})`);
  return { line: `MISSED ${missed.length} of ${budgets.length} budgets: ${each.join('; ')}${shownFigures(budgets)}`, exitCode: 1 };
}
