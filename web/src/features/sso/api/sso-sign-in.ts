import type { CmdInput } from '../../../../../shared/contract';
import { call } from '../../../api/client';

/** Exchanges the forum's signed request for the signed identity: `sso/sso_sign_in` (sent with the id token). */
export const ssoSignIn = (input: CmdInput<'sso', 'sso_sign_in'>) => call('sso', 'sso_sign_in', input);
