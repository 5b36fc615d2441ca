/** A server the CLI could not talk to at all (nothing listening, no such host, no answer). */
export class UnreachableError extends Error {
  override readonly name = 'UnreachableError';
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'nothing answers there: is it running, and is --portal its address?',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'its host name cannot be looked up now',
  ECONNRESET: 'the connection was cut',
  ETIMEDOUT: 'it did not answer in time',
  UND_ERR_CONNECT_TIMEOUT: 'it did not answer in time',
};

/** The network error's code, from a fetch failure (its `cause`) or a Node socket error. */
function networkCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code in NETWORK_REASONS) return code;
  }
  return undefined;
}

/** Runs a call to `what` (e.g. "the portal at http://…"); a network failure becomes an UnreachableError naming it. */
export async function reaching<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = networkCode(error);
    if (code) throw new UnreachableError(`Cannot reach ${what}: ${NETWORK_REASONS[code]}`);
    // fetch's own refusals (a port browsers never call, a malformed address) and other network failures.
    if (error instanceof TypeError && error.message === 'fetch failed') {
      throw new UnreachableError(`Cannot reach ${what}: ${(error.cause as Error | undefined)?.message ?? 'the connection failed'}`);
    }
    if ((error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError') throw new UnreachableError(`Cannot reach ${what}: it did not answer in time`);
    throw error;
  }
}
