import { licContract } from '../../../shared/contract/lic';
import { userContract, type UserProfile } from '../../../shared/contract/user';
import { api } from './fake-api';

/** A customer's profile, as get_user_profile answers it. */
export const CUSTOMER: UserProfile = {
  id: 7,
  username: 'dana',
  email: 'dana@example.com',
  first_name: 'Dana',
  last_name: 'Scully',
  company: 'FBI',
  beta_access: false,
  legacy: false,
};

/** An administrator's profile. */
export const ADMIN: UserProfile = {
  id: 1,
  username: 'admin',
  email: 'admin@example.com',
  first_name: 'Ada',
  last_name: 'Admin',
  company: 'Portal',
  beta_access: false,
  legacy: false,
};

/** What every signed-in screen reads first: the profile the shell shows (and a screen may use). */
export function answerProfile(profile: UserProfile): void {
  api.answer(userContract, 'get_user_profile', profile);
}

/** The license types and usages the admin filters and dialogs offer (the catalogue's Automation, Battery and Pro; three usages). */
export function answerLicenseCatalogue(): void {
  api.answer(licContract, 'get_license_types', {
    license_types: [
      { id: 'Automation', name: 'Automation' },
      { id: 'Battery', name: 'Battery' },
      { id: 'Pro', name: 'Pro' },
    ],
  });
  api.answer(licContract, 'get_license_usages', {
    license_usages: [
      { id: 1, name: 'Commercial' },
      { id: 2, name: 'Academic' },
      { id: 4, name: 'Standard' },
    ],
  });
}
