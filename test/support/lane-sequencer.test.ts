import { describe, expect, it } from 'vitest';
import { queueOrder, type QueuedFile } from './lane-sequencer';

type File = QueuedFile & { name: string; ms: number };

const project = (name: string, laneTurns?: number) => ({ name, config: laneTurns === undefined ? {} : { provide: { laneTurns } } });
const shared = project('stack-shared', 2);
const quiet = project('stack-quiet', 1);
const unit = project('unit');
const component = project('component');
const file = (p: File['project'], name: string, ms: number): File => ({ project: p, name, ms });
const names = (files: File[]) => files.map((f) => f.name);

describe('the order workers take a group’s files in', () => {
  it('merges the lanes by when each next has a turn free, each lane longest first', () => {
    const files = [file(shared, 's1', 60), file(shared, 's2', 40), file(shared, 's3', 20), file(quiet, 'q1', 50), file(quiet, 'q2', 10)];
    // shared: 0 → 30 → 50 → 60 (two turns); quiet: 0 → 50 → 60.
    expect(names(queueOrder(files, (f) => f.ms))).toEqual(['s1', 'q1', 's2', 's3', 'q2']);
  });

  it('puts the files of projects without a lane after the lanes, each project’s files together', () => {
    const files = [
      file(component, 'c1', 90),
      file(unit, 'u1', 80),
      file(shared, 's1', 5),
      file(component, 'c2', 70),
      file(quiet, 'q1', 5),
      file(unit, 'u2', 1),
    ];
    // A worker is kept for the next file only when that file is of its project: no file of another
    // project may come between two of one project's files.
    expect(names(queueOrder(files, (f) => f.ms))).toEqual(['s1', 'q1', 'c1', 'c2', 'u1', 'u2']);
  });

  it('takes each project’s files longest first, whatever order they come in', () => {
    const files = [file(quiet, 'q1', 10), file(quiet, 'q2', 50), file(component, 'c1', 5), file(component, 'c2', 30)];
    expect(names(queueOrder(files, (f) => f.ms))).toEqual(['q2', 'q1', 'c2', 'c1']);
  });
});
