/**
 * The infra run's synth log: a line per synthesis of the shared portal (test/infra/synth.ts), read by the
 * project's global setup at the end of the run. Apart from synth.ts so that the setup, in vitest's own
 * process, does not load the CDK to read it.
 */

/** The line for a synthesis by worker `pid` into the folder `workDir`. */
export const synthLogLine = (pid: number, workDir: string): string => `worker ${pid} at ${new Date().toISOString()} in ${workDir}`;

/** The folder a line names. */
export const workDirOfSynthLogLine = (line: string): string | undefined => / in (\S+)$/.exec(line)?.[1];
