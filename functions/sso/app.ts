import { createEndpointApp } from '../lib/endpoint-app';
import { ssoSignIn } from './handlers';

/** The `sso` endpoint: the portal as DiscourseConnect provider for the forum. */
export const ssoApp = createEndpointApp('sso', { sso_sign_in: ssoSignIn });
