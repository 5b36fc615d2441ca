import { describe, expect, it } from 'vitest';
import { budgetVerdict, type Budget } from './budgets';

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const kb = (n: number) => `${n.toFixed(1)} KB`;
const desktop = (value: number): Budget => ({ figure: 'desktop get_licenses / bare', value, comparison: '≥', limit: 0.7, format: pct });
const bundle = (value: number): Budget => ({ figure: 'bundle Lic', value, comparison: '<', limit: 250, format: kb });
const errors = (value: number): Budget => ({ figure: 'errors / non-2xx', value, comparison: '≤', limit: 0, format: String });

describe('the bench verdict', () => {
  it('passes (exit 0) when every budget is kept, a value at an inclusive limit too', () => {
    expect(budgetVerdict([desktop(0.7), bundle(249.9), errors(0)])).toEqual({ line: 'Every budget kept (3).', exitCode: 0 });
  });

  it('names every missed budget with its value and limit in one line and exits 1', () => {
    expect(budgetVerdict([desktop(0.294), bundle(266.1), errors(0)])).toEqual({
      line: 'MISSED 2 of 3 budgets: desktop get_licenses / bare 29.4 % (budget ≥ 70.0 %); bundle Lic 266.1 KB (budget < 250.0 KB)',
      exitCode: 1,
    });
    expect(budgetVerdict([bundle(250)]).exitCode).toBe(1);
    expect(budgetVerdict([errors(3)]).line).toBe('MISSED 1 of 1 budgets: errors / non-2xx 3 (budget ≤ 0)');
  });

  it('counts a figure that could not be measured as missed', () => {
    expect(budgetVerdict([desktop(Number.NaN)]).exitCode).toBe(1);
  });
});
