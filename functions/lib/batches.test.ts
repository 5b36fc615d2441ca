import { describe, expect, it } from 'vitest';
import { mapInBatches } from './batches';

describe('mapInBatches', () => {
  it('runs at most `size` items at once and gives the results in item order', async () => {
    let running = 0;
    let most = 0;
    const results = await mapInBatches([5, 1, 4, 2, 3], 2, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running -= 1;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });
});
