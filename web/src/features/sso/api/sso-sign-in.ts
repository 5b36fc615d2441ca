import type { CmdInput } from '../../../../../shared/contract/define';
import { ssoContract } from '../../../../../shared/contract/sso';
import { call } from '../../../api/client';

/** Exchanges the forum's signed request for the signed identity: `sso/sso_sign_in` (sent with the id token). */
export const ssoSignIn = (input: CmdInput<typeof ssoContract, 'sso_sign_in'>) => call(ssoContract, 'sso_sign_in', input);
