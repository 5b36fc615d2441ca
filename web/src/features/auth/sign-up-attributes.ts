import type { Registration } from '../../../../shared/forms/account';

/**
 * The user pool attributes of a registration: first and last name, email, the company when given, the
 * accepted terms and the newsletter choice.
 */
export function signUpAttributes(registration: Registration): Record<string, string> {
  return {
    name: registration.firstName,
    family_name: registration.lastName,
    email: registration.email,
    ...(registration.company ? { 'custom:company': registration.company } : {}),
    'custom:admin_terms_accepted': '1',
    'custom:accepted_marketing': registration.newsletter ? '1' : '0',
  };
}
