/**
 * A test stack in a process of its own (test/support/global-setup.ts forks one per stack lane): a stack
 * points its process's AWS clients at its emulators and its units keep their clients, so two stacks in one
 * process would call each other's. Started with the options in STACK_OPTIONS (JSON); sends what the tests
 * need once it answers, and stops its stack (emulators included) when told to or when its parent goes.
 */
import '../../scripts/local/env-defaults';
import { startLocalStack, type LocalStackOptions } from '../../scripts/local/stack';

export interface StackStarted {
  baseUrl: string;
  demoPassword: string;
  demoAdminTotpSecret: string;
  endpoints: { dynamodb: string; s3: string; cognito: string };
  emulatorPids: { dynamodb?: number; cognito?: number };
  resources: { tableName: string; buckets: Record<string, string>; userPoolId: string; userPoolClientId: string };
  functionEnv: Record<string, string>;
  licenseKeysFile: string;
}

const options = JSON.parse(process.env.STACK_OPTIONS ?? '{}') as LocalStackOptions;
const stack = await startLocalStack(options);

let stopping: Promise<void> | undefined;
const stop = () => (stopping ??= stack.stop().finally(() => process.exit(0)));
process.on('message', (message) => message === 'stop' && void stop());
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());

const started: StackStarted = {
  baseUrl: stack.baseUrl,
  demoPassword: stack.demoPassword,
  demoAdminTotpSecret: stack.demoAdminTotpSecret,
  endpoints: stack.endpoints,
  emulatorPids: stack.emulatorPids,
  resources: stack.resources,
  functionEnv: stack.functionEnv,
  licenseKeysFile: stack.licenseKeysFile,
};
process.send!({ started });
