import { describe, expect, it } from 'vitest';
import type { TransactionWrite } from '../../lib/db/write-transaction';
import { packedSteps, packedWriteSteps } from './transaction-steps';

/** A unit of `n` plain record writes (each one transaction item). */
const unit = (name: string, n: number) => ({ name, writes: Array.from({ length: n }, (_, i) => ({ name, i }) as unknown as TransactionWrite) });

describe('writes packed into transactions', () => {
  it('packs units in order, starting a new step when the next unit does not fit, never splitting one', () => {
    const steps = packedSteps([3, 4, 2, 5, 1], 7, (n) => n);
    expect(steps).toEqual([[3, 4], [2, 5], [1]]);
  });

  it('refuses a unit that can never fit one transaction', () => {
    expect(() => packedSteps([3, 8], 7, (n) => n)).toThrow('Writes that belong together (8) exceed one transaction (7)');
  });

  it('packs units of writes by the items they take as written, the same way every time', () => {
    const units = [unit('a', 40), unit('b', 40), unit('c', 40), unit('d', 10)];
    const names = () => packedWriteSteps(units, 98, (u) => u.writes).map((step) => step.map((u) => u.name));
    expect(names()).toEqual([['a', 'b'], ['c', 'd']]);
    expect(names()).toEqual(names());
    expect(() => packedWriteSteps([unit('e', 99)], 98, (u) => u.writes)).toThrow('Writes that belong together (99) exceed one transaction (98)');
  });
});
