/**
 * How a person is named to other people: a customer sees the first and last name of the users a record
 * links them to (the one they shared with, the one who shared with them), never an email; an admin sees
 * emails (the admin lists join them from the users list).
 */

/** The fields a name is made of. */
export interface NamedUser {
  first_name: string;
  last_name: string;
  username: string;
}

/** First and last name; the username when both are blank (a profile always has them, an old record may not). */
export const personName = (user: NamedUser): string => `${user.first_name} ${user.last_name}`.trim() || user.username;

/** First and last name; the email when both are blank (where the people named see each other's contacts: an organisation). */
export const nameOrEmail = (user: NamedUser & { email: string }): string => `${user.first_name} ${user.last_name}`.trim() || user.email;

/** A user's id with their name, as a customer's results name people. */
export interface NamedPerson {
  id: number;
  name: string;
}
