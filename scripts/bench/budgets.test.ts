import { describe, expect, it } from 'vitest';
import { budgetVerdict, type Budget } from './budgets';

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const times = (n: number) => `${n.toFixed(2)} ×`;
const desktop = (value: number): Budget => ({ figure: 'desktop get_licenses / bare', value, comparison: '≥', limit: 0.7, format: pct });
const coldImport = (name: string, value: number): Budget => ({
  figure: `${name} cold import ÷ the data layer's`,
  value,
  comparison: '≤',
  limit: 1.3,
  format: times,
  shownAs: name,
});
const errors = (value: number): Budget => ({ figure: 'errors / non-2xx', value, comparison: '≤', limit: 0, format: String });

describe('the bench verdict', () => {
  it('passes (exit 0) when every budget is kept, a value at an inclusive limit too', () => {
    expect(budgetVerdict([desktop(0.7), errors(0)])).toEqual({ line: 'Every budget kept (2).', exitCode: 0 });
  });

  it('names every missed budget with its value and limit in one line and exits 1', () => {
    expect(budgetVerdict([desktop(0.294), coldImport('Lic', 1.61), errors(0)])).toEqual({
      line: "MISSED 2 of 3 budgets: desktop get_licenses / bare 29.4 % (budget ≥ 70.0 %); Lic cold import ÷ the data layer's 1.61 × (budget ≤ 1.30 ×) | Lic 1.61 ×",
      exitCode: 1,
    });
    expect(budgetVerdict([coldImport('Lic', 1.3001)]).exitCode).toBe(1);
    expect(budgetVerdict([errors(3)]).line).toBe('MISSED 1 of 1 budgets: errors / non-2xx 3 (budget ≤ 0)');
  });

  it("shows each function's cold import ratio on the line, kept or missed", () => {
    expect(budgetVerdict([coldImport('User', 1.3), coldImport('Usage', 1.12), errors(0)])).toEqual({
      line: 'Every budget kept (3). | User 1.30 ×, Usage 1.12 ×',
      exitCode: 0,
    });
    expect(budgetVerdict([coldImport('User', 1.48), coldImport('Usage', 1.12)]).line).toBe(
      "MISSED 1 of 2 budgets: User cold import ÷ the data layer's 1.48 × (budget ≤ 1.30 ×) | User 1.48 ×, Usage 1.12 ×",
    );
  });

  it('counts a figure that could not be measured as missed', () => {
    expect(budgetVerdict([desktop(Number.NaN)]).exitCode).toBe(1);
    expect(budgetVerdict([coldImport('Sso', Number.NaN)]).exitCode).toBe(1);
  });
});
