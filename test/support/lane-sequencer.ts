import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Orders the files of a group of projects so that a worker that comes free usually takes the next file of
 * a lane that has a turn free. Vitest hands a group's files to its workers in this order; the stack lanes
 * run a few files at a time each (their turns, test/support/lane.ts), so a file of a busy lane would hold a
 * worker waiting for its turn while the other lane idles. Each lane's files stay largest first; the lanes
 * are merged by when each would next come free, from the files' sizes shared over its turns. A project is
 * a lane when it says its turns (`provide.laneTurns`): the stack lanes, whose turns test/support/lane.ts
 * enforces, and projects that only want their long files started early (infra, own-stack).
 *
 * A file's size stands for its length, never the last run's time (vitest's cache), so the order is the
 * same on every machine: a fresh clone (CI), which has no cache, runs the files in the order a developer's
 * run does. Ordered by the last run's times instead, longest first, whole runs took no less (alternating
 * runs within two hours: 495 and 514 s by time, 428, 468 and 532 s by size; the machine's speed drifted
 * more than the order moved them, decision 030).
 *
 * Projects without (unit, component) come after the lanes, each project's files together: vitest keeps a
 * worker for the next file only when that file is of the same project (a worker that loaded jsdom, React
 * and Mantine, or the SDK, runs file after file), and ends it otherwise. Interleaved with the lanes, nearly
 * every one of their files started a worker of its own. The lanes' files keep both cores busy until then.
 */
export default class LaneSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Grouped as given: queueOrder orders each group's files itself (vitest's own sort would order them
    // by the cached times, only to be sorted again).
    const groups = new Map<number, TestSpecification[]>();
    for (const spec of files) {
      const order = spec.project.config.sequence.groupOrder;
      groups.set(order, [...(groups.get(order) ?? []), spec]);
    }
    return [...groups.keys()]
      .sort((a, b) => a - b)
      .flatMap((order) => queueOrder(groups.get(order)!, (spec) => this.estimate(spec)));
  }

  /** The file's size in bytes, the stand-in for its length. */
  private estimate(spec: TestSpecification): number {
    return this.ctx.cache.getFileStats(`${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`)?.size ?? 0;
  }
}

/** What the order reads of a file: its project's name and lane turns. */
export interface QueuedFile {
  project: { name: string; config: { provide?: { laneTurns?: number } } };
}

/**
 * A group's files in the order workers should take them: the lanes merged by when each would next have a
 * turn free, then the other projects' files, each project's together; each project's longest first by
 * `estimate`.
 */
export function queueOrder<File extends QueuedFile>(files: File[], estimate: (file: File) => number): File[] {
  const lanes = new Map<string, File[]>();
  const free = new Map<string, File[]>();
  const longestFirst = files.map((file) => ({ file, length: estimate(file) })).sort((a, b) => b.length - a.length);
  for (const { file } of longestFirst) {
    const group = laneTurns(file) === undefined ? free : lanes;
    group.set(file.project.name, [...(group.get(file.project.name) ?? []), file]);
  }
  return [...mergeLanes(lanes, estimate), ...[...free.values()].flat()];
}

function mergeLanes<File extends QueuedFile>(lanes: Map<string, File[]>, estimate: (file: File) => number): File[] {
  const busyUntil = new Map([...lanes.keys()].map((lane) => [lane, 0]));
  const total = [...lanes.values()].reduce((sum, files) => sum + files.length, 0);
  const merged: File[] = [];
  while (merged.length < total) {
    const [lane] = [...busyUntil].filter(([name]) => lanes.get(name)!.length > 0).sort(([, a], [, b]) => a - b)[0]!;
    const file = lanes.get(lane)!.shift()!;
    busyUntil.set(lane, busyUntil.get(lane)! + estimate(file) / (laneTurns(file) ?? 1));
    merged.push(file);
  }
  return merged;
}

/** The turns of a file's lane (its project's `provide.laneTurns`); none for a project without a lane. */
function laneTurns(file: QueuedFile): number | undefined {
  return file.project.config.provide?.laneTurns;
}
