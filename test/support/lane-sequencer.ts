import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Orders the files of a group of projects so that a worker that comes free usually takes the next file of
 * a lane that has a turn free. Vitest hands a group's files to its workers in this order; the stack lanes
 * run a few files at a time each (their turns, test/support/lane.ts), so a file of a busy lane would hold a
 * worker waiting for its turn while the other lane idles. Each lane's files stay longest first; the lanes
 * are merged by when each would next come free, from the last run's durations (the file's size when there
 * is none) shared over its turns. A project is a lane when it says its turns (`provide.laneTurns`): the stack
 * lanes, whose turns test/support/lane.ts enforces, and projects that only want their long files started
 * early (infra, own-stack).
 *
 * Projects without (unit, component) come after the lanes, each project's files together: vitest keeps a
 * worker for the next file only when that file is of the same project (a worker that loaded jsdom, React
 * and Mantine, or the SDK, runs file after file), and ends it otherwise. Interleaved with the lanes, nearly
 * every one of their files started a worker of its own. The lanes' files keep both cores busy until then.
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
    const free = new Map<string, TestSpecification[]>();
    for (const spec of specs) {
      const group = laneTurns(spec) === undefined ? free : lanes;
      group.set(spec.project.name, [...(group.get(spec.project.name) ?? []), spec]);
    }
    return [...this.mergeTurns(lanes), ...[...free.values()].flat()];
  }

  private mergeTurns(lanes: Map<string, TestSpecification[]>): TestSpecification[] {
    const specs = [...lanes.values()].flat();
    if (lanes.size < 2) return specs;
    const busyUntil = new Map([...lanes.keys()].map((lane) => [lane, 0]));
    const merged: TestSpecification[] = [];
    while (merged.length < specs.length) {
      const [lane] = [...busyUntil].filter(([name]) => lanes.get(name)!.length > 0).sort(([, a], [, b]) => a - b)[0]!;
      const spec = lanes.get(lane)!.shift()!;
      busyUntil.set(lane, busyUntil.get(lane)! + this.estimate(spec) / (laneTurns(spec) ?? 1));
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

/** The turns of a spec's lane (its project's `provide.laneTurns`); none for a project without a lane. */
function laneTurns(spec: TestSpecification): number | undefined {
  return (spec.project.config as { provide?: { laneTurns?: number } }).provide?.laneTurns;
}
