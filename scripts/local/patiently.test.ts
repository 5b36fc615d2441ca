import { describe, expect, it } from 'vitest';
import { patiently, StoppedPartWay } from './patiently';

describe('a bulk tool’s retries', () => {
  it('try a failed step again until it succeeds, telling of each retry', async () => {
    let calls = 0;
    const retries: number[] = [];
    const result = await patiently(
      async () => {
        calls++;
        if (calls < 3) throw new Error('Request timed out');
        return 'written';
      },
      { attempts: 5, firstPauseMs: 1, onRetry: (_error, attempt) => retries.push(attempt) },
    );
    expect({ result, calls, retries }).toEqual({ result: 'written', calls: 3, retries: [1, 2] });
  });

  it('give up after the attempts with the last failure', async () => {
    let calls = 0;
    const failing = patiently(
      async () => {
        calls++;
        throw new Error(`timeout ${calls}`);
      },
      { attempts: 3, firstPauseMs: 1 },
    );
    await expect(failing).rejects.toThrow('timeout 3');
    expect(calls).toBe(3);
  });

  it('say how far a stopped run got', () => {
    expect(new StoppedPartWay('1,200 of 5,000 items', new Error('Request timed out')).message).toBe('Stopped after 1,200 of 5,000 items: Request timed out');
  });
});
