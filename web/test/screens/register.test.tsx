import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/validation';
import { renderScreen } from '../support/render';

describe('Register', () => {
  it('checks the confirmation again when the password changes, once the confirmation was left', async () => {
    const { user } = await renderScreen('/register', { as: 'signed-out' });
    await user.type(await screen.findByLabelText(/^Password/), 'Secret-123456');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret-1234567');
    await user.tab();
    expect(await screen.findByText(messages.confirmPassword)).toBeTruthy();
    await user.type(screen.getByLabelText(/^Password/), '7');
    expect(screen.queryByText(messages.confirmPassword)).toBeNull();
  });
});
