import { ssoContract } from '../../shared/contract/sso';
import { createEndpointApp } from '../endpoint';
import { ssoSignIn } from './handlers/sso-sign-in';

export const app = createEndpointApp(ssoContract, { sso_sign_in: ssoSignIn });
