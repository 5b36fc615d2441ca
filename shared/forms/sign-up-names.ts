import { companySchema, firstNameSchema, lastNameSchema, MAX_NAME_LENGTH, messages, tooLongMessage, withoutForbiddenCharacters } from '../validation';

/**
 * The names and company of a sign-up, checked by the profile's rules where the register form cannot
 * guard them (a sign-up made straight against the identity provider): the pre-signup trigger refuses
 * with the register form's own words, and the SPA shows that text. Pure, unit-tested.
 */

/** The user pool attributes of a sign-up's names, with the register form's label and rule. */
const nameFields = [
  { attribute: 'name', label: 'First name', schema: firstNameSchema, required: true },
  { attribute: 'family_name', label: 'Last name', schema: lastNameSchema, required: true },
  { attribute: 'custom:company', label: 'Company', schema: companySchema, required: false },
] as const;

/**
 * A form message as a sentence of its own: one that names its field ("First name is required") as is,
 * one that reads after the field's label ("must not contain …") with the label before it.
 */
const asSentence = (label: string, message: string): string => (message.startsWith(label) ? message : `${label} ${message}`);

/**
 * The first refusal of a sign-up's names and company, as the register form words it, or null when they
 * pass: control and text-direction characters and over-long text always; a missing first or last name
 * only when `namesRequired` (a customer's own sign-up, where the form asks for them).
 */
export function signUpNamesRefusal(attributes: Readonly<Record<string, string | undefined>>, { namesRequired }: { namesRequired: boolean }): string | null {
  for (const { attribute, label, schema, required } of nameFields) {
    const value = attributes[attribute];
    if (value === undefined && !(required && namesRequired)) continue;
    const result = schema.safeParse(value ?? '');
    if (!result.success) return asSentence(label, result.error.issues[0]?.message ?? messages.forbiddenCharacters);
  }
  return null;
}

/** Every text signUpNamesRefusal answers: the sign-up screen shows exactly these from the trigger. */
export const signUpNameRefusalTexts: ReadonlySet<string> = new Set(
  nameFields.flatMap(({ label }) => [
    asSentence(label, messages.forbiddenCharacters),
    asSentence(label, tooLongMessage(MAX_NAME_LENGTH)),
  ]).concat(messages.firstName, messages.lastName),
);

/** One name as the portal keeps it: on one line, nothing hidden, single spaces, at most the profile's length. */
const keptName = (value: string | undefined): string =>
  withoutForbiddenCharacters(value ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_NAME_LENGTH).trim();

/**
 * The names and company the portal takes from the user pool's attributes (the user record made on the
 * first call, an admin's record, the newsletter): the sign-up checked them, but the account's owner may
 * change them through the pool's own UpdateUserAttributes before the first portal call, unchecked. What
 * the profile's rules refuse is taken out (line breaks and hidden characters become spaces, the rest is
 * cut at the profile's length), so no such name reaches a mail, a list or a CSV.
 */
export function namesFromAttributes(attributes: Readonly<Record<string, string | undefined>>) {
  return {
    first_name: keptName(attributes.name),
    last_name: keptName(attributes.family_name),
    company: keptName(attributes['custom:company']),
  };
}
