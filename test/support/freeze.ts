/**
 * Plays a stalled service: stops an emulator's process (SIGSTOP), so it accepts connections (the kernel
 * does that for it) and never answers, and resumes it (SIGCONT). A stopped emulator left behind would
 * break every later test, so each one is resumed by the caller's `finally`, by `resumeAll` (afterEach),
 * and when the test process exits.
 */
const frozen = new Set<number>();

export function freeze(pid: number | undefined, name: string): () => void {
  if (!pid) throw new Error(`${name} runs in the test's own process here, so it cannot be frozen alone`);
  process.kill(pid, 'SIGSTOP');
  frozen.add(pid);
  return () => resume(pid);
}

function resume(pid: number): void {
  if (!frozen.delete(pid)) return;
  try {
    process.kill(pid, 'SIGCONT');
  } catch {
    // Gone already (the stack stopped): nothing to resume.
  }
}

export const resumeAll = (): void => [...frozen].forEach(resume);

process.once('exit', resumeAll);
