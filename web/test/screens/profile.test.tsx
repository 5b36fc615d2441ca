import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userContract } from '../../../shared/contract/user';
import { messages } from '../../../shared/validation';
import { api, refused } from '../support/fake-api';
import { CUSTOMER } from '../support/fixtures';
import { renderScreen } from '../support/render';
import { findErrorBanner, findNotification, notificationTexts } from '../support/results';

/** /profile: the form's rules and what saving says. Saving for real and reading it back is test/e2e/profile. */
const profile = CUSTOMER;

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

describe('the profile screen', () => {
  it('shows the profile with username and email read-only', async () => {
    api.answer(userContract, 'get_user_profile', profile);
    await renderScreen('/profile', { title: 'Profile' });
    await waitFor(() => expect(field('First name')).toHaveProperty('value', 'Dana'));
    expect(field('Username')).toHaveProperty('readOnly', true);
    expect(field('Email')).toHaveProperty('readOnly', true);
    expect(field('Username')).toHaveProperty('value', 'dana');
    expect(field('Company')).toHaveProperty('value', 'FBI');
  });

  it('refuses to save an empty first name, and lets it be saved again once filled in', async () => {
    api.answer(userContract, 'get_user_profile', profile);
    const { user } = await renderScreen('/profile', { title: 'Profile' });
    await waitFor(() => expect(field('First name')).toHaveProperty('value', 'Dana'));
    await user.clear(field('First name'));
    await screen.findByText(messages.firstName);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.type(field('First name'), 'Fox');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false));
  });

  it('saves the edited names and company and says so', async () => {
    api.answer(userContract, 'get_user_profile', profile);
    api.answer(userContract, 'update_user_profile', (params) => ({ ...profile, ...params, company: params.company ?? profile.company, expiry_notices: params.expiry_notices ?? profile.expiry_notices }));
    const { user } = await renderScreen('/profile', { title: 'Profile' });
    await waitFor(() => expect(field('First name')).toHaveProperty('value', 'Dana'));
    await user.clear(field('Last name'));
    await user.type(field('Last name'), 'Mulder');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await findNotification('Profile updated');
    expect(api.calls(userContract, 'update_user_profile')).toEqual([{ first_name: 'Dana', last_name: 'Mulder', company: 'FBI', expiry_notices: true }]);
  });

  it('turns the expiry notices off, and shows them off once saved', async () => {
    api.answer(userContract, 'get_user_profile', profile);
    api.answer(userContract, 'update_user_profile', (params) => ({ ...profile, ...params, company: params.company ?? profile.company, expiry_notices: params.expiry_notices ?? profile.expiry_notices }));
    const { user } = await renderScreen('/profile', { title: 'Profile' });
    const notices = await screen.findByRole('checkbox', { name: 'Mail me before a license ends' });
    expect(notices).toHaveProperty('checked', true);
    await user.click(notices);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await findNotification('Profile updated');
    expect(api.calls(userContract, 'update_user_profile')).toEqual([{ first_name: 'Dana', last_name: 'Scully', company: 'FBI', expiry_notices: false }]);
    expect(screen.getByRole('checkbox', { name: 'Mail me before a license ends' })).toHaveProperty('checked', false);
  });

  it('shows the server’s message when saving is refused', async () => {
    api.answer(userContract, 'get_user_profile', profile);
    api.answer(userContract, 'update_user_profile', refused('Company is too long'));
    const { user } = await renderScreen('/profile', { title: 'Profile' });
    await waitFor(() => expect(field('First name')).toHaveProperty('value', 'Dana'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Once, in red at the top of the page (in sight however far it is scrolled), not again as a notification.
    await findErrorBanner('Company is too long');
    expect(screen.getAllByText('Company is too long')).toHaveLength(1);
    expect(notificationTexts()).toEqual([]);
  });

  it('shows the user’s own id with a copy button and what it is for', async () => {
    api.answer(userContract, 'get_user_profile', profile);
    const { user } = await renderScreen('/profile', { title: 'Profile' });
    expect(await screen.findByLabelText(/^Your user id/)).toHaveProperty('value', String(profile.id));
    screen.getByText('Give it to a colleague who moves a license or product to you, or shares a license with you.');
    await user.click(screen.getByRole('button', { name: 'Copy your user id' }));
    await screen.findByRole('button', { name: 'Copied' });
    expect(await navigator.clipboard.readText()).toBe(String(profile.id));
  });
});
