import { afterAll, vi } from 'vitest';

/**
 * The unit tier's files share a worker (`isolate: false` in vitest.config.ts): Node, the SDK, zod and the
 * other libraries load once per worker, not once per file, which halves the tier's CPU. What a file may
 * leave behind goes with it: the project's own modules (a loaded config, a cache) are imported afresh by
 * the next file, and stubbed globals, environment variables and fake timers are restored.
 */
afterAll(async () => {
  // An import a test started and did not wait for finishes first: cut off by the file's end, the module
  // would stay failed for the worker's next file.
  await vi.dynamicImportSettled();
  vi.resetModules();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});
