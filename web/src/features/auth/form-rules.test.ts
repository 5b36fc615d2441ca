import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/validation';
import {
  canChangePassword,
  canRecoverPassword,
  canRegister,
  canRequestReset,
  canResendCode,
  canVerify,
  changePasswordErrors,
  confirmPasswordRule,
  emailRule,
  emptyRegisterValues,
  firstNameRule,
  lastNameRule,
  newPasswordRule,
  passwordRule,
  recoverPasswordErrors,
  registerErrors,
  signUpAttributes,
  usernameRule,
  type RegisterValues,
} from './form-rules';

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

describe('validation rules (spec §5)', () => {
  it('accepts a username of at least 3 lower case letters, digits or . - _ $ @ * !', () => {
    for (const ok of ['abc', 'a1b2', 'dana.demo', 'x-y_z', 'a$b@c*d!e', '123']) expect(usernameRule(ok)).toBeNull();
    for (const bad of ['', 'ab', 'Dana', 'da na', ' abc', 'abc\t', 'dana#1', 'zoë']) {
      expect(usernameRule(bad)).toBe(
        'Username must be at least 3 lower case letters or numbers with no whitespace or capital letters',
      );
    }
  });

  it('wants a password of 8 or more characters with a digit, a lower case and a capital letter and no whitespace', () => {
    for (const ok of ['Passw0rd', 'Abcdefg1', 'Demo1234!', 'ÄbcdefG1']) expect(passwordRule(ok)).toBeNull();
    for (const bad of ['', 'Passw0r', 'password1', 'PASSWORD1', 'Password', 'Pass w0rd', 'Passw0rd\n']) {
      expect(passwordRule(bad)).toBe(
        'Password must be at least 8 characters, have at least 1 number, 1 lower case letter and 1 capital letter',
      );
    }
  });

  it('says a new password is required when it is empty', () => {
    expect(newPasswordRule('')).toBe('New password is required');
    expect(newPasswordRule('short')).toBe(messages.password);
    expect(newPasswordRule('Passw0rdX')).toBeNull();
  });

  it('wants the confirmation to equal the password exactly', () => {
    expect(confirmPasswordRule('Passw0rdX', 'Passw0rdX')).toBeNull();
    expect(confirmPasswordRule('Passw0rdx', 'Passw0rdX')).toBe('Confirm password must match password');
    expect(confirmPasswordRule('', 'Passw0rdX')).toBe('Confirm password must match password');
  });

  it('accepts one email address or several separated by ; or ,', () => {
    for (const ok of ['a@example.com', ' a@example.com ', 'a@example.com;b@example.org', 'a@example.com, b@example.org']) {
      expect(emailRule(ok)).toBeNull();
    }
    for (const bad of ['', 'a', 'a@b', 'a@example.com;', 'a@example.com;;b@example.com', 'a b@example.com', '@example.com']) {
      expect(emailRule(bad)).toBe('Invalid email address');
    }
  });

  it('wants first and last names that are not blank', () => {
    expect(firstNameRule('Dana')).toBeNull();
    expect(firstNameRule('  ')).toBe('First name is required');
    expect(lastNameRule('Demo')).toBeNull();
    expect(lastNameRule('')).toBe('Last name is required');
  });
});

describe('register form', () => {
  it('is complete with valid fields and the terms accepted; company and newsletter are optional', () => {
    expect(registerErrors(validRegistration)).toEqual({});
    expect(canRegister(validRegistration)).toBe(true);
    expect(canRegister({ ...validRegistration, company: 'Acme', newsletter: true })).toBe(true);
  });

  it('stays disabled without the terms accepted', () => {
    expect(canRegister({ ...validRegistration, terms: false })).toBe(false);
  });

  it('names every invalid field of an empty form', () => {
    expect(registerErrors(emptyRegisterValues)).toEqual({
      username: messages.username,
      password: messages.password,
      email: messages.email,
      firstName: messages.firstName,
      lastName: messages.lastName,
    });
    expect(canRegister({ ...emptyRegisterValues, terms: true })).toBe(false);
  });

  it('reports a confirmation that differs', () => {
    expect(registerErrors({ ...validRegistration, confirmPassword: 'Passw0rdY' })).toEqual({
      confirmPassword: messages.confirmPassword,
    });
  });

  it('sends the sign-up attributes of spec §3', () => {
    expect(signUpAttributes({ ...validRegistration, company: ' Acme ', newsletter: true })).toEqual({
      name: 'Dana',
      family_name: 'Demo',
      email: 'dana@example.com',
      'custom:company': 'Acme',
      'custom:admin_terms_accepted': '1',
      'custom:accepted_marketing': '1',
    });
    const withoutCompany = signUpAttributes(validRegistration);
    expect(withoutCompany['custom:accepted_marketing']).toBe('0');
    expect(withoutCompany['custom:admin_terms_accepted']).toBe('1');
    expect(withoutCompany).not.toHaveProperty('custom:company');
  });
});

describe('verify, forgot and recover password forms', () => {
  it('verifies with a username and a code; resends and requests a reset with a username', () => {
    expect(canVerify({ username: 'dana', code: '123456' })).toBe(true);
    expect(canVerify({ username: 'dana', code: ' ' })).toBe(false);
    expect(canVerify({ username: '', code: '123456' })).toBe(false);
    expect(canResendCode({ username: 'dana' })).toBe(true);
    expect(canResendCode({ username: '' })).toBe(false);
    expect(canRequestReset({ username: 'dana' })).toBe(true);
    expect(canRequestReset({ username: '  ' })).toBe(false);
  });

  it('recovers with a valid password, a matching confirmation and a code', () => {
    const values = { username: 'dana', password: 'Passw0rdX', confirmPassword: 'Passw0rdX', code: '123456' };
    expect(canRecoverPassword(values)).toBe(true);
    expect(canRecoverPassword({ ...values, code: '' })).toBe(false);
    expect(canRecoverPassword({ ...values, confirmPassword: 'other' })).toBe(false);
    expect(canRecoverPassword({ ...values, password: 'weak', confirmPassword: 'weak' })).toBe(false);
    expect(recoverPasswordErrors({ ...values, password: '', confirmPassword: '' })).toEqual({
      password: messages.newPasswordRequired,
    });
  });
});

describe('change password form', () => {
  const values = { oldPassword: 'Old-passw0rd', password: 'Passw0rdX', confirmPassword: 'Passw0rdX' };

  it('is enabled only with the old password and a valid, confirmed new one', () => {
    expect(canChangePassword(values)).toBe(true);
    expect(canChangePassword({ ...values, oldPassword: '' })).toBe(false);
    expect(canChangePassword({ ...values, confirmPassword: 'Passw0rdx' })).toBe(false);
    expect(canChangePassword({ ...values, password: 'passw0rdx', confirmPassword: 'passw0rdx' })).toBe(false);
  });

  it('shows the spec messages for the new password and its confirmation', () => {
    expect(changePasswordErrors({ ...values, password: '', confirmPassword: 'x' })).toEqual({
      password: messages.newPasswordRequired,
      confirmPassword: messages.confirmPassword,
    });
    expect(changePasswordErrors({ ...values, password: 'short', confirmPassword: 'short' })).toEqual({
      password: messages.password,
    });
  });
});
