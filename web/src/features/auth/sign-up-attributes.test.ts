import { describe, expect, it } from 'vitest';
import { registerSchema, type RegisterValues } from '../../../../shared/forms/account';
import { signUpAttributes } from './sign-up-attributes';

const form: RegisterValues = {
  username: 'dana.demo',
  password: 'Passw0rdX',
  confirmPassword: 'Passw0rdX',
  email: ' dana@example.com ',
  firstName: ' Dana',
  lastName: 'Demo ',
  company: '',
  terms: true,
  newsletter: false,
};

describe('sign-up attributes', () => {
  it('sends the trimmed names, email and company, the accepted terms and the newsletter choice', () => {
    expect(signUpAttributes(registerSchema.parse({ ...form, company: ' Acme ', newsletter: true }))).toEqual({
      name: 'Dana',
      family_name: 'Demo',
      email: 'dana@example.com',
      'custom:company': 'Acme',
      'custom:admin_terms_accepted': '1',
      'custom:accepted_marketing': '1',
    });
  });

  it('leaves out an empty company and says no to the newsletter unless ticked', () => {
    const attributes = signUpAttributes(registerSchema.parse(form));
    expect(attributes['custom:accepted_marketing']).toBe('0');
    expect(attributes['custom:admin_terms_accepted']).toBe('1');
    expect(attributes).not.toHaveProperty('custom:company');
  });
});
