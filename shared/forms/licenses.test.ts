import { describe, expect, it } from 'vitest';
import { licenseFormMessages, moveLicenseFormSchema, shareLicenseFormSchema } from './licenses';
import { recipientMessages } from './recipient';

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the move and share forms', () => {
  it('send the typed user id as a number, surrounding spaces dropped', () => {
    expect(moveLicenseFormSchema.parse({ to_user_id: ' 1042 ', email: ' kim@example.com ' })).toEqual({ to_user_id: 1042, email: 'kim@example.com' });
    expect(shareLicenseFormSchema.parse({ with_user_id: '7', email: 'kim@example.com' })).toEqual({ with_user_id: 7, email: 'kim@example.com' });
  });

  it('refuse an empty user field', () => {
    expect(messageOf(moveLicenseFormSchema.safeParse({ to_user_id: '', email: 'kim@example.com' }))).toBe(licenseFormMessages.userIdRequired);
    expect(messageOf(shareLicenseFormSchema.safeParse({ with_user_id: '   ', email: 'kim@example.com' }))).toBe(licenseFormMessages.userIdRequired);
  });

  it('refuse a user id that is not a whole number above 0', () => {
    for (const text of ['0', '-3', '1.5', '12a', 'bob', '1e3', '9999999999999999']) {
      expect(messageOf(moveLicenseFormSchema.safeParse({ to_user_id: text, email: 'kim@example.com' })), text).toBe(licenseFormMessages.userId);
    }
  });

  it('require the recipient’s email beside the id, so a slip in the id cannot reach a stranger', () => {
    expect(messageOf(moveLicenseFormSchema.safeParse({ to_user_id: '7', email: ' ' }))).toBe(recipientMessages.emailRequired);
    expect(messageOf(shareLicenseFormSchema.safeParse({ with_user_id: '7', email: 'kim' }))).toBe(recipientMessages.emailMalformed);
  });
});
