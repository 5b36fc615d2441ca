import * as z from 'zod/mini';
import { API_CLIENT, API_VERSION } from '../../../shared/api';
import type { CmdDefinition, CmdName, CmdParams, CmdResult, EndpointContract } from '../../../shared/contract/define';

/**
 * The API as the component tests fake it: the SPA's own client (web/src/api/client.ts) runs unchanged
 * over a fetch that answers per endpoint and cmd, the way a test says it ("get_licenses answers these
 * licenses"). Answers are typed by the endpoint's contract and checked against its result schema, and
 * what the screen sends is parsed with the cmd's params schema: a screen that sends what the contract
 * refuses, or a test answering what the server never would, fails here rather than in the browser tier.
 */

type AnyContract = EndpointContract<string, Record<string, CmdDefinition>>;

/** An error envelope: `{status: "error", message}` with an HTTP status, as a refused call answers. */
export class FakeApiError {
  constructor(
    readonly message: string,
    readonly httpStatus = 400,
  ) {}
}

type Answer<C extends AnyContract, N extends CmdName<C>> =
  | CmdResult<C, N>
  | FakeApiError
  | ((params: CmdParams<C, N>) => CmdResult<C, N> | FakeApiError | Promise<CmdResult<C, N> | FakeApiError>);

interface Handler {
  contract: AnyContract;
  cmd: string;
  answer: Answer<AnyContract, string>;
}

/** A call the fake received: endpoint path, cmd and the params as the server would parse them. */
export interface ReceivedCall {
  path: string;
  cmd: string;
  params: Record<string, unknown>;
}

const key = (path: string, cmd: string) => `${path} ${cmd}`;

const envelope = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export class FakeApi {
  private handlers = new Map<string, Handler>();
  private files = new Map<string, unknown>();
  private uploadTargets = new Set<string>();
  private uploaded: Record<string, unknown>[] = [];
  private received: ReceivedCall[] = [];
  private problems: string[] = [];

  /** From now on, `cmd` of `contract` answers `answer` (a result, a FakeApiError, or a function of the params). */
  answer<C extends AnyContract, N extends CmdName<C>>(contract: C, cmd: N, answer: Answer<C, N>): this {
    this.handlers.set(key(contract.path, cmd), { contract, cmd, answer: answer as Answer<AnyContract, string> });
    return this;
  }

  /** The params of each call of `cmd` so far, oldest first. */
  calls<C extends AnyContract, N extends CmdName<C>>(contract: C, cmd: N): CmdParams<C, N>[] {
    return this.received.filter((call) => call.path === contract.path && call.cmd === cmd).map((call) => call.params as CmdParams<C, N>);
  }

  /** Calls nobody answered and answers the contract refuses: a test fails on any (see setup.ts). */
  takeProblems(): string[] {
    const problems = this.problems;
    this.problems = [];
    return problems;
  }

  /**
   * From now on, a GET of `path` (any query) answers `body` as JSON: what the SPA reads straight from a
   * bucket, such as /data/versions.json. A GET of a path nobody serves answers 404 and fails the test.
   */
  serve(path: string, body: unknown): this {
    this.files.set(path, body);
    return this;
  }

  /**
   * From now on, a POST of a form to `url` (a presigned upload's, as a cmd answered it) is stored: it
   * answers 204, as the storage does, and `uploads()` has the form's fields and file.
   */
  acceptUploads(url: string): this {
    this.uploadTargets.add(url);
    return this;
  }

  /** The forms posted to an upload target so far, oldest first. */
  uploads(): Record<string, unknown>[] {
    return this.uploaded;
  }

  reset(): void {
    this.handlers.clear();
    this.files.clear();
    this.uploadTargets.clear();
    this.uploaded = [];
    this.received = [];
    this.problems = [];
  }

  /** The fetch the SPA's client calls: POST {apiBase}/{path} with a JSON body or a multipart form. */
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://portal.test');
    if ((init?.method ?? 'GET').toUpperCase() === 'GET') {
      if (this.files.has(url.pathname)) return envelope(200, this.files.get(url.pathname) as object);
      this.problems.push(`nothing serves GET ${url.pathname}: give it a body with api.serve(...)`);
      return new Response('Not found', { status: 404 });
    }
    if (this.uploadTargets.has(url.href)) {
      this.uploaded.push(readBody(init?.body));
      return new Response(null, { status: 204 });
    }
    const path = url.pathname.replace(/^\/api\//, '');
    const body = readBody(init?.body);
    const { cmd, version, client, ...otherParams } = body;
    const handler = this.handlers.get(key(path, String(cmd)));
    // A cmd whose own param is `version` sends it instead of the API version (CmdDefinition.ownVersion).
    const ownVersion = handler?.contract.cmds[handler.cmd]?.ownVersion === true;
    const params = ownVersion && version !== undefined ? { ...otherParams, version } : otherParams;
    if (!ownVersion && version !== API_VERSION && version !== String(API_VERSION)) this.problems.push(`${path}: version ${String(version)}`);
    if (client !== API_CLIENT) this.problems.push(`${path}: client ${String(client)}`);
    if (!handler) {
      const problem = `nothing answers ${path} ${String(cmd)} (${JSON.stringify(params)}): give it an answer with api.answer(...)`;
      this.problems.push(problem);
      return envelope(500, { status: 'error', message: `Fake API: ${problem}` });
    }
    const definition = handler.contract.cmds[handler.cmd]!;
    const parsed = z.safeParse(definition.params, params);
    if (!parsed.success) {
      this.problems.push(`${path} ${String(cmd)} was sent params its contract refuses: ${JSON.stringify(params)}: ${parsed.error.message}`);
      return envelope(400, { status: 'error', message: 'Fake API: params refused by the contract' });
    }
    this.received.push({ path, cmd: String(cmd), params: parsed.data as Record<string, unknown> });
    const answer = typeof handler.answer === 'function' ? await handler.answer(parsed.data as never) : handler.answer;
    if (answer instanceof FakeApiError) return envelope(answer.httpStatus, { status: 'error', message: answer.message });
    // What the server sends is JSON: the screen gets what survives it, as from the real endpoint.
    const data: unknown = JSON.parse(JSON.stringify(answer ?? null));
    const checked = z.safeParse(definition.result, data);
    if (!checked.success) this.problems.push(`the answer to ${path} ${String(cmd)} is not what its contract says: ${checked.error.message}`);
    return envelope(200, { status: 'ok', data });
  };
}

/** The JSON body, or a multipart form's fields (a file part stays a File). */
function readBody(body: BodyInit | null | undefined): Record<string, unknown> {
  if (typeof body === 'string') return JSON.parse(body) as Record<string, unknown>;
  if (body instanceof FormData) return Object.fromEntries(body.entries());
  throw new Error(`Fake API: a body it cannot read (${Object.prototype.toString.call(body)})`);
}

/** The one fake API of a test file; setup.ts puts it in place of fetch and resets it after each test. */
export const api = new FakeApi();

/** Shorthand for an error answer. */
export const refused = (message: string, httpStatus = 400) => new FakeApiError(message, httpStatus);
