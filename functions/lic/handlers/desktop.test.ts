import { describe, expect, it } from 'vitest';
import { encodeMachine, type Machine } from '../../../shared/licenses/seat';
import { decodeMachine } from './desktop';

describe("the desktop app's machine", () => {
  const machine: Machine = { fingerprint: 'f'.repeat(32), hostname: 'bench-7', client_version: '5.2.0', os: 'windows' };

  it('decodes a payload sent again to the same machine, which no caller can change', () => {
    const payload = encodeMachine(machine);
    const first = decodeMachine(payload);
    expect(first).toEqual(machine);
    expect(decodeMachine(payload)).toEqual(machine);
    expect(Object.isFrozen(decodeMachine(payload))).toBe(true);
  });

  it('refuses a bad payload every time, also after good ones', () => {
    decodeMachine(encodeMachine(machine));
    for (let i = 0; i < 2; i++) expect(() => decodeMachine('not-a-machine')).toThrow(/payload|machine/i);
  });
});
