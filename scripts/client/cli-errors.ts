import { PortalError } from './protocol';

/** A command line the CLI cannot run (a missing argument, an unknown command): exit code 2, with a pointer to --help. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** No session to call the portal with: the user has not signed in (or the session file is not one). */
export class NotSignedInError extends Error {
  override readonly name = 'NotSignedInError';
}

const SIGN_IN_HINT = 'npm run client -- signin --user NAME --password PASSWORD';

/** What the CLI prints for a failure (one line) and the exit code: 2 for a wrong command line, else 1. */
export function describeFailure(error: unknown): { line: string; exitCode: number } {
  const err = error instanceof Error ? error : new Error(String(error));
  const code = (err as { code?: unknown }).code;
  if (err instanceof UsageError) return { line: `${err.message} (see --help)`, exitCode: 2 };
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const option = /Option '(-[^' ]+)/.exec(err.message)?.[1];
    if (option) return { line: `${option} needs a value (see --help)`, exitCode: 2 };
  }
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
    // Node's own text is long and explains positional arguments; the first sentence is what went wrong.
    const first = err.message.split(/\.\s/)[0]!.replace(/\.$/, '');
    return { line: `${first} (see --help)`, exitCode: 2 };
  }
  if (err instanceof NotSignedInError) return { line: `${err.message}: sign in first (${SIGN_IN_HINT})`, exitCode: 1 };
  if (err instanceof PortalError && err.httpStatus === 401) return { line: `${err.message}: sign in again (${SIGN_IN_HINT})`, exitCode: 1 };
  return { line: err.message.split('\n')[0]!, exitCode: 1 };
}
