import { ssoContract } from '../../shared/contract/sso';
import { createEndpointApp } from '../lib/endpoint-app';
import { ssoSignIn } from './handlers/sso-sign-in';

export const app = createEndpointApp(ssoContract, { sso_sign_in: ssoSignIn });
