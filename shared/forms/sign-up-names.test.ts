import { describe, expect, it } from 'vitest';
import { registerSchema } from './account';
import { firstNameSchema, lastNameSchema, companySchema } from '../validation';
import { namesFromAttributes, signUpNameRefusalTexts, signUpNamesRefusal } from './sign-up-names';

const good = { name: 'Dana', family_name: 'Tester', 'custom:company': 'Acme' };
const signUp = { namesRequired: true };

describe('the names of a sign-up', () => {
  it('pass when the profile would take them', () => {
    expect(signUpNamesRefusal(good, signUp)).toBeNull();
    expect(signUpNamesRefusal({ ...good, 'custom:company': undefined }, signUp)).toBeNull();
    expect(signUpNamesRefusal({ name: 'Zoë', family_name: 'Ångström-Łukasz' }, signUp)).toBeNull();
  });

  it('are refused with control, text-direction or too many characters, naming the field', () => {
    expect(signUpNamesRefusal({ ...good, name: 'Dana\u202eevil' }, signUp)).toBe('First name must not contain control or text-direction characters');
    expect(signUpNamesRefusal({ ...good, family_name: 'Test\u2066er' }, signUp)).toBe('Last name must not contain control or text-direction characters');
    expect(signUpNamesRefusal({ ...good, 'custom:company': 'Acme\u0007' }, signUp)).toBe('Company must not contain control or text-direction characters');
    expect(signUpNamesRefusal({ ...good, name: 'x'.repeat(257) }, signUp)).toBe('First name must be at most 256 characters');
    expect(signUpNamesRefusal({ ...good, 'custom:company': 'x'.repeat(257) }, signUp)).toBe('Company must be at most 256 characters');
  });

  it('want first and last name on a customer’s own sign-up only', () => {
    expect(signUpNamesRefusal({ ...good, name: '  ' }, signUp)).toBe('First name is required');
    expect(signUpNamesRefusal({ name: 'Dana' }, signUp)).toBe('Last name is required');
    expect(signUpNamesRefusal({}, { namesRequired: false })).toBeNull();
    expect(signUpNamesRefusal({ name: 'Dana\u202e' }, { namesRequired: false })).toBe('First name must not contain control or text-direction characters');
  });

  it('say what the register form says under the field, and every refusal is one the sign-up screen knows', () => {
    const form = registerSchema.safeParse({
      username: 'dana',
      password: 'Passw0rdX',
      confirmPassword: 'Passw0rdX',
      email: 'dana@example.com',
      firstName: 'Dana\u202e',
      lastName: 'Tester',
      company: '',
      terms: true,
      newsletter: false,
    });
    const formMessage = form.error?.issues.find((issue) => issue.path[0] === 'firstName')?.message;
    expect(signUpNamesRefusal({ ...good, name: 'Dana\u202e' }, signUp)).toBe(`First name ${formMessage}`);
    for (const attributes of [{ ...good, name: '\u202e' }, { ...good, name: '' }, { ...good, family_name: '' }, { ...good, family_name: 'y'.repeat(300) }]) {
      expect(signUpNameRefusalTexts.has(signUpNamesRefusal(attributes, signUp)!)).toBe(true);
    }
  });
});

describe('the names the portal takes from the user pool', () => {
  it('keep good names as they are', () => {
    expect(namesFromAttributes({ name: 'Zoë', family_name: 'Ångström-Łukasz', 'custom:company': 'Acme AB' })).toEqual({
      first_name: 'Zoë',
      last_name: 'Ångström-Łukasz',
      company: 'Acme AB',
    });
    expect(namesFromAttributes({})).toEqual({ first_name: '', last_name: '', company: '' });
  });

  it('take out what the rules refuse when the names were changed in the pool after sign-up: line breaks, hidden characters, length', () => {
    const names = namesFromAttributes({ name: 'Eve\r\nBcc: all@example.com', family_name: '\u202eredli\u2066w', 'custom:company': 'x'.repeat(2000) });
    expect(names).toEqual({ first_name: 'Eve Bcc: all@example.com', last_name: 'redli w', company: 'x'.repeat(256) });
    // What comes out passes the profile's own rules.
    expect(firstNameSchema.safeParse(names.first_name).success).toBe(true);
    expect(lastNameSchema.safeParse(names.last_name).success).toBe(true);
    expect(companySchema.safeParse(names.company).success).toBe(true);
  });
});
