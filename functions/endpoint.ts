import type { CmdDefinition, EndpointContract } from '../shared/contract/define';
import { isTokenRevoked } from './domain/sessions/revocations.repository';
import { callerViewer, type CallerViewer } from './domain/users/caller-user';
import * as platform from './lib/endpoint-app';

/**
 * The API's endpoints as the functions build them: the platform's pipeline (lib/endpoint-app.ts) with
 * the steps only the domains can take, the session's revocation and the caller's user. Each endpoint's
 * app.ts names its contract and its handlers; a handler gets its params and the viewer.
 */
type AnyContract = EndpointContract<string, Record<string, CmdDefinition>>;

export type { CallerViewer as Viewer };
export type EndpointHandlers<C extends AnyContract> = platform.EndpointHandlers<C, CallerViewer>;
export type RedirectHandler = platform.RedirectHandler<CallerViewer>;

export const createEndpointApp = <C extends AnyContract>(contract: C, handlers: EndpointHandlers<C>, redirects?: Record<string, RedirectHandler>) =>
  platform.createEndpointApp(contract, handlers, { isRevoked: isTokenRevoked, viewerOf: callerViewer }, redirects);
