import { SeenMarkerEntity } from './db/aggregates';
import { AttemptCountEntity } from './db/attempt-limit';
import type { UserDataDeclaration } from './user-data';

/**
 * What the platform itself keeps of a user. (The admin list rows and their change log hold copies of
 * records' columns, user ids among them: each row follows its record in the record's own transaction,
 * so it goes, or is detached, with the record.)
 */
export const platformUserData = {
  domain: 'platform',
  parts: [
    {
      what: 'attempt counts of the per-user limits (redeem a code, register a unit, upload)',
      entities: [AttemptCountEntity],
      fate: 'expire',
      why: 'they expire two windows after their window (an hour or a day)',
    },
    {
      what: 'the marks that a user id was counted as seen in a period (distinct-user counters)',
      entities: [SeenMarkerEntity],
      fate: 'keep',
      why: 'the recount of a distinct-user figure counts them; the user id only',
    },
  ],
} satisfies UserDataDeclaration;
