import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { workDirOfSynthLogLine } from './synth-log';

/**
 * One synth per infra run: sharedPortal() (synth.ts) writes a line to this run's log each time it
 * synthesizes; more than one line at the end means the checks no longer share it (e.g. a check module
 * became a test file of its own again), and the run fails saying so. Each line names the folder the
 * synthesis wrote, removed here: the worker that made it is ended without running its exit handlers.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-infra-'));
  const log = join(dir, 'synths.log');
  project.provide('infraSynthLog', log);
  return () => {
    let synths: string[] = [];
    try {
      synths = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    } catch {
      // No file read the shared portal in this run.
    }
    rmSync(dir, { recursive: true, force: true });
    for (const workDir of synths.map(workDirOfSynthLogLine)) if (workDir) rmSync(workDir, { recursive: true, force: true });
    if (synths.length > 1) {
      throw new Error(
        `The default portal was synthesized ${synths.length} times in one infra run (${synths.join('; ')}): ` +
          'the infra checks must share one synth (sharedPortal in test/infra/synth.ts, all of them in one test file, test/infra/infra.test.ts)',
      );
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    infraSynthLog: string;
  }
}
