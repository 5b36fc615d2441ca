import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { messages } from '../validation';
import {
  changePasswordSchema,
  recoverPasswordSchema,
  registerSchema,
  requiredMessages,
  signInSchema,
  usernameOnlySchema,
  verifySchema,
  emptyRegistration,
  type RegisterValues,
} from './account';

/** The message per field, as a form shows them: the first issue of each field. */
function fieldErrors(schema: z.ZodMiniType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

const validRegistration: RegisterValues = {
  username: 'dana.demo',
  password: 'Passw0rdX',
  confirmPassword: 'Passw0rdX',
  email: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Demo',
  company: '',
  terms: true,
  newsletter: false,
};


describe('register form', () => {
  it('accepts valid fields with the terms accepted; company and newsletter are optional', () => {
    expect(fieldErrors(registerSchema, validRegistration)).toEqual({});
    expect(fieldErrors(registerSchema, { ...validRegistration, company: 'Acme', newsletter: true })).toEqual({});
  });

  it('names every invalid field of an empty form with the validation messages word for word', () => {
    expect(fieldErrors(registerSchema, emptyRegistration)).toEqual({
      username: 'Username must be at least 3 lower case letters or numbers with no whitespace or capital letters',
      password: 'Password must be at least 8 characters, have at least 1 number, 1 lower case letter and 1 capital letter',
      email: 'Invalid email address',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      terms: requiredMessages.terms,
    });
  });

  it('checks each field by its rule', () => {
    for (const [field, value, message] of [
      ['username', 'Dana', messages.username],
      ['username', 'da na', messages.username],
      ['password', 'passw0rdx', messages.password],
      ['password', 'Pass w0rd', messages.password],
      ['email', 'a@example.com;', messages.email],
      ['firstName', '   ', messages.firstName],
      ['lastName', '', messages.lastName],
      ['company', 'Acme\u202e', messages.forbiddenCharacters],
      ['firstName', 'Dana\u202eevil', messages.forbiddenCharacters],
      ['lastName', 'x'.repeat(257), 'must be at most 256 characters'],
    ] as const) {
      const values = { ...validRegistration, [field]: value, ...(field === 'password' ? { confirmPassword: value } : {}) };
      expect(fieldErrors(registerSchema, values), `${field} = ${JSON.stringify(value)}`).toEqual({ [field]: message });
    }
  });

  it('wants the confirmation to equal the password exactly, also while other fields are wrong', () => {
    expect(fieldErrors(registerSchema, { ...validRegistration, confirmPassword: 'Passw0rdx' })).toEqual({
      confirmPassword: 'Confirm password must match password',
    });
    expect(fieldErrors(registerSchema, { ...emptyRegistration, password: 'Passw0rdX' })).toMatchObject({
      confirmPassword: messages.confirmPassword,
    });
  });

  it('is not complete without the terms accepted', () => {
    expect(fieldErrors(registerSchema, { ...validRegistration, terms: false })).toEqual({ terms: requiredMessages.terms });
  });

  it('sends names, company and email trimmed, the username and password as typed', () => {
    const sent = registerSchema.parse({
      ...validRegistration,
      email: ' dana@example.com ',
      firstName: ' Dana ',
      lastName: 'Demo ',
      company: ' Acme ',
    });
    expect(sent).toEqual({ ...validRegistration, firstName: 'Dana', lastName: 'Demo', company: 'Acme' });
  });
});

describe('verify and forgot password forms', () => {
  it('needs a username and a code, trimmed', () => {
    expect(verifySchema.parse({ username: ' dana ', code: ' 123456 ' })).toEqual({ username: 'dana', code: '123456' });
    expect(fieldErrors(verifySchema, { username: 'dana', code: ' ' })).toEqual({ code: requiredMessages.code });
    expect(fieldErrors(verifySchema, { username: '', code: '123456' })).toEqual({ username: requiredMessages.username });
  });

  it('resends a code or asks for a reset with a username alone', () => {
    expect(fieldErrors(usernameOnlySchema, { username: 'dana' })).toEqual({});
    expect(fieldErrors(usernameOnlySchema, { username: '  ' })).toEqual({ username: requiredMessages.username });
  });
});

describe('recover password form', () => {
  const values = { username: 'dana', password: 'Passw0rdX', confirmPassword: 'Passw0rdX', code: '123456' };

  it('needs a valid password, a matching confirmation and a code', () => {
    expect(fieldErrors(recoverPasswordSchema, values)).toEqual({});
    expect(fieldErrors(recoverPasswordSchema, { ...values, code: '' })).toEqual({ code: requiredMessages.code });
    expect(fieldErrors(recoverPasswordSchema, { ...values, confirmPassword: 'other' })).toEqual({
      confirmPassword: messages.confirmPassword,
    });
    expect(fieldErrors(recoverPasswordSchema, { ...values, password: 'weak', confirmPassword: 'weak' })).toEqual({
      password: messages.password,
    });
  });

  it('says "New password is required" for an empty one', () => {
    expect(fieldErrors(recoverPasswordSchema, { ...values, password: '', confirmPassword: '' })).toEqual({
      password: 'New password is required',
    });
  });
});

describe('change password form', () => {
  const values = { oldPassword: 'Old-passw0rd', password: 'Passw0rdX', confirmPassword: 'Passw0rdX' };

  it('is complete only with the old password and a valid, confirmed new one', () => {
    expect(fieldErrors(changePasswordSchema, values)).toEqual({});
    expect(fieldErrors(changePasswordSchema, { ...values, oldPassword: '' })).toEqual({
      oldPassword: requiredMessages.oldPassword,
    });
    expect(fieldErrors(changePasswordSchema, { ...values, password: 'passw0rdx', confirmPassword: 'passw0rdx' })).toEqual({
      password: messages.password,
    });
  });

  it('shows the new password and confirmation messages together', () => {
    expect(fieldErrors(changePasswordSchema, { ...values, password: '', confirmPassword: 'x' })).toEqual({
      password: messages.newPasswordRequired,
      confirmPassword: messages.confirmPassword,
    });
  });
});

describe('sign-in form', () => {
  it('needs a username and a password and nothing more', () => {
    expect(fieldErrors(signInSchema, { username: 'Any Name', password: 'x' })).toEqual({});
    expect(fieldErrors(signInSchema, { username: ' ', password: '' })).toEqual({
      username: requiredMessages.username,
      password: requiredMessages.password,
    });
    expect(signInSchema.parse({ username: ' dana ', password: ' pw ' })).toEqual({ username: 'dana', password: ' pw ' });
  });
});
