import type { Entity } from 'dynamodb-toolbox/entity';
import type { Counter, Tally } from '../db/aggregates';
import type { UserDataDeclaration } from '../user-data';

/**
 * Records of one entity the counters count, with their counters and what one record counts for: the
 * same `tallies` function the kind's writes use, so a recount and the writes can never count differently.
 */
export interface CountedRecords {
  what: string;
  /** Every one of its records is read by the recount. */
  entity: Entity;
  /** Its counters (a list, or an object of them). */
  counters: readonly Counter[] | Readonly<Record<string, Counter>>;
  // A method, so a kind's own record type stands here (the recount hands it its entity's records).
  tallies(record: never): Tally[];
}

/** A record kind as the root list names it: its name, its entity, its declaration (its list...). */
export interface DeclaredKind {
  readonly name: string;
  readonly entity: Entity;
  readonly declaration: { readonly list?: unknown };
}

/**
 * A domain, declared once in `functions/domain/<domain>/domain.ts`: its record kinds, what its records
 * count for, what it keeps of a user and what becomes of it (lib/user-data.ts), and its part of the
 * admin's user detail. The root list (functions/domain/domains.ts) names every domain; the record kinds,
 * the counted records and the user data registry are read from it.
 *
 * Written as a plain object (`as const satisfies DomainDeclaration`), never built by a call: a bundle that
 * imports one export of a domain's module (a user detail reader) then drops the declaration it does not use.
 */
export interface DomainDeclaration extends UserDataDeclaration {
  /** Its record kinds (lib/records/record-kind.ts). */
  kinds?: readonly DeclaredKind[];
  /** Its records the counters count (the check and back-fill recount them). */
  counted?: readonly CountedRecords[];
}
