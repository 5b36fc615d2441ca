import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Orders the files of a group of projects so that a worker that comes free usually takes the next file of
 * a lane that has a turn free. Vitest hands a group's files to its workers in this order; the stack lanes
 * run a few files at a time each (their turns, test/support/lane.ts), so a file of a busy lane would hold a
 * worker waiting for its turn while the other lane idles. Each lane's files stay longest first; the lanes
 * are merged by when each would next come free, from the last run's durations (the file's size when there
 * is none) shared over its turns. Projects without a lane (unit, component) form one lane of their own here.
 */
export default class LaneSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const groups = new Map<number, TestSpecification[]>();
    for (const spec of sorted) {
      const order = spec.project.config.sequence.groupOrder;
      groups.set(order, [...(groups.get(order) ?? []), spec]);
    }
    return [...groups.keys()].sort((a, b) => a - b).flatMap((order) => this.mergeLanes(groups.get(order)!));
  }

  private mergeLanes(specs: TestSpecification[]): TestSpecification[] {
    const lanes = new Map<string, TestSpecification[]>();
    for (const spec of specs) {
      const lane = spec.project.config.setupFiles.some((file) => file.endsWith('test/support/lane.ts')) ? spec.project.name : 'free';
      lanes.set(lane, [...(lanes.get(lane) ?? []), spec]);
    }
    if (lanes.size < 2) return specs;
    const busyUntil = new Map([...lanes.keys()].map((lane) => [lane, 0]));
    const merged: TestSpecification[] = [];
    while (merged.length < specs.length) {
      const [lane] = [...busyUntil].filter(([name]) => lanes.get(name)!.length > 0).sort(([, a], [, b]) => a - b)[0]!;
      const spec = lanes.get(lane)!.shift()!;
      busyUntil.set(lane, busyUntil.get(lane)! + this.estimate(spec) / turns(spec));
      merged.push(spec);
    }
    return merged;
  }

  /** Milliseconds the file took last time, or its size in bytes as a rough stand-in. */
  private estimate(spec: TestSpecification): number {
    const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
    return this.ctx.cache.getFileTestResults(key)?.duration ?? this.ctx.cache.getFileStats(key)?.size ?? 10_000;
  }
}

/** The turns of a spec's lane (its project's `provide.laneTurns`), 1 for a project without a lane. */
function turns(spec: TestSpecification): number {
  const provided = (spec.project.config as { provide?: { laneTurns?: number } }).provide;
  return provided?.laneTurns ?? 1;
}
