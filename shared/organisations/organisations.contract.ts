import * as z from 'zod/mini';
import { cmd, defineEndpoint } from '../contract/define';
import type { AttemptLimitPolicy } from '../contract/limits';

/** The most characters an organisation's name has. */
export const ORGANISATION_NAME_MAX = 100;
/** Organisations a person may create in a day: each is a record the portal keeps after they leave. */
export const MAX_ORGANISATIONS_PER_DAY = 5;

/** Only create_organisation takes it: declared beside it (a call that is refused gives its attempt back). */
const createOrganisationLimit = {
  action: 'create-organisation',
  max: MAX_ORGANISATIONS_PER_DAY,
  windowSeconds: 24 * 3600,
  counts: 'accepted',
  message: `You have created ${MAX_ORGANISATIONS_PER_DAY} organisations today: try again tomorrow`,
} as const satisfies AttemptLimitPolicy;

export const organisationNameSchema = () => z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(ORGANISATION_NAME_MAX));

/**
 * The organisations feature's cmds for every signed-in user, served by the `user` endpoint (its admin
 * cmds are in organisations.admin.ts, so a customer's chunks never carry them).
 */
export const organisationsContract = defineEndpoint({
  path: 'user',
  cmds: {
    /** A new organisation, its creator its owner (audited; a few a day). */
    create_organisation: cmd('user', () => ({ name: organisationNameSchema() }), () => z.object({ id: z.int(), name: z.string() }), {
      limits: [createOrganisationLimit],
      audit: true,
    }),
  },
});
