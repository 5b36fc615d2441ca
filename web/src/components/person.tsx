import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { NameOf } from '../../../shared/audit/action-words';
import type { PersonEmail } from '../../../shared/audit/entries';
import { EmailText } from './email-text';

interface PersonProps {
  /** The user's id. */
  id: number;
  /** Their first and last name: what a customer is shown of someone a record links them to. */
  name?: string | null;
  /** Their email: what an admin is shown (with the id). */
  email?: string | null;
  /** With the id after the name (where the id is what the person typed, e.g. whom a license is shared with). */
  withId?: boolean;
  /** Where the person links to (an admin's user detail). */
  to?: string;
}

/**
 * How the screens name a user, the same everywhere: an admin sees the email with the id
 * ("kim@example.com (user 41)"), a customer a name ("Fox Mulder", "Fox Mulder (user 12)"); a user
 * whose email or name the screen does not have (gone, or not someone the viewer may know) reads
 * "User 41", never a bare number.
 */
export function personText({ id, name, email, withId = false }: Omit<PersonProps, 'to'>): string {
  if (email) return `${email} (user ${id})`;
  if (name) return withId ? `${name} (user ${id})` : name;
  return `User ${id}`;
}

/**
 * Names the users an audit entry names as an admin reads them, from the emails the server answered
 * beside it (`people`): "kim@example.com (user 2)", or "User 9" for one gone.
 */
export function namesFrom(people: readonly PersonEmail[] | null | undefined): NameOf {
  const emails = new Map((people ?? []).map((person) => [person.id, person.email]));
  return (id) => personText({ id, email: emails.get(id) });
}

/**
 * A user as personText names them; a link when `to` is given. An email may wrap before its "@" and
 * before "(user N)", nowhere else: a table keeps its columns at 1280 px with long addresses in them.
 */
export function Person({ to, ...person }: PersonProps) {
  const content = person.email ? (
    <span style={{ whiteSpace: 'normal' }}>
      <EmailText email={person.email} /> <span style={{ whiteSpace: 'nowrap' }}>(user {person.id})</span>
    </span>
  ) : (
    personText(person)
  );
  if (to) {
    return (
      <Anchor component={Link} to={to} size="sm">
        {content}
      </Anchor>
    );
  }
  return (
    <Text span inherit>
      {content}
    </Text>
  );
}
