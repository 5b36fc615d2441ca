import { describe, expect, it } from 'vitest';
import { firstNameSchema, isValidEmail, isValidPassword, isValidUsername, lastNameSchema, messages } from './validation';

describe('username rule', () => {
  it.each(['abc', 'user1', 'a.b-c_d', 'x$@*!', '123'])('accepts %s', (name) => expect(isValidUsername(name)).toBe(true));
  it.each(['ab', 'Abc', 'has space', 'tab\tname', 'ünï', ''])('refuses %j', (name) => expect(isValidUsername(name)).toBe(false));
});

describe('password rule', () => {
  it.each(['Passw0rd', 'Demo1234!', 'aB3aaaaa'])('accepts %s', (pw) => expect(isValidPassword(pw)).toBe(true));
  it.each([
    ['too short', 'Pa55w0r'],
    ['no capital', 'passw0rd'],
    ['no lower case', 'PASSW0RD'],
    ['no digit', 'Password'],
    ['whitespace', 'Pass w0rd'],
  ])('refuses one with %s', (_why, pw) => expect(isValidPassword(pw)).toBe(false));
});

describe('email rule', () => {
  it.each(['a@b.co', 'first.last+tag@example.com', 'a@b.co;c@d.org', 'a@b.co, c@d.org'])('accepts %s', (e) =>
    expect(isValidEmail(e)).toBe(true),
  );
  it.each(['', 'plain', 'a@b', 'a@b.co;', 'a b@c.de', 'a@b.co;;c@d.org'])('refuses %j', (e) => expect(isValidEmail(e)).toBe(false));
});

describe('profile names', () => {
  it('trims and requires a first and a last name with the product messages', () => {
    expect(firstNameSchema.parse('  Ada ')).toBe('Ada');
    expect(firstNameSchema.safeParse('   ').error?.issues[0]?.message).toBe(messages.firstName);
    expect(lastNameSchema.safeParse('').error?.issues[0]?.message).toBe(messages.lastName);
  });

  it('quotes the product texts word for word', () => {
    expect(messages.username).toBe(
      'Username must be at least 3 lower case letters or numbers with no whitespace or capital letters',
    );
    expect(messages.password).toBe(
      'Password must be at least 8 characters, have at least 1 number, 1 lower case letter and 1 capital letter',
    );
    expect(messages.confirmPassword).toBe('Confirm password must match password');
    expect(messages.email).toBe('Invalid email address');
  });
});
