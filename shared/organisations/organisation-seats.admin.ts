import * as z from 'zod/mini';
import { cmd, defineEndpoint } from '../contract/define';

const id = () => z.int().check(z.positive());

/** The organisations feature's admin seat cmd, served by the `lic/5` endpoint. */
export const organisationSeatsAdminContract = defineEndpoint({
  path: 'lic/5',
  cmds: {
    /**
     * Puts any license into an organisation, or takes it out (null): its seat goes to the pool (out of one,
     * back to its owner alone), a seat held by a non-member is released, its shares end.
     */
    set_license_organisation: cmd(
      'admin',
      () => ({ license_id: id(), organisation_id: z.nullable(id()) }),
      () => z.object({ license_id: z.int(), organisation_id: z.nullable(z.int()) }),
      { audit: true },
    ),
  },
});
