import * as z from 'zod/mini';
import { cmd, defineEndpoint } from './define';

/**
 * The `sso` endpoint: the portal as DiscourseConnect provider for the forum. The SSO call is POST /api/sso
 * with the `id-token` header and a body of just `sso` and `sig`, so a body without cmd means sso_sign_in.
 */
export const ssoContract = defineEndpoint({
  path: 'sso',
  defaultCmd: 'sso_sign_in',
  cmds: {
    sso_sign_in: cmd(
      'user',
      () => ({
        sso: z.string().check(z.minLength(1), z.maxLength(4096)),
        sig: z.string().check(z.minLength(1), z.maxLength(128)),
      }),
      () => z.object({ return_sso_url: z.string(), sso: z.string(), sig: z.string() }),
      { token: 'id' },
    ),
  },
});
