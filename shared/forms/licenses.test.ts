import { describe, expect, it } from 'vitest';
import { licenseFormMessages, moveLicenseFormSchema, shareLicenseFormSchema } from './licenses';

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the move and share forms', () => {
  it('send the typed user id as a number, surrounding spaces dropped', () => {
    expect(moveLicenseFormSchema.parse({ to_user_id: ' 1042 ' })).toEqual({ to_user_id: 1042 });
    expect(shareLicenseFormSchema.parse({ with_user_id: '7' })).toEqual({ with_user_id: 7 });
  });

  it('refuse an empty user field', () => {
    expect(messageOf(moveLicenseFormSchema.safeParse({ to_user_id: '' }))).toBe(licenseFormMessages.userIdRequired);
    expect(messageOf(shareLicenseFormSchema.safeParse({ with_user_id: '   ' }))).toBe(licenseFormMessages.userIdRequired);
  });

  it('refuse a user id that is not a whole number above 0', () => {
    for (const text of ['0', '-3', '1.5', '12a', 'bob', '1e3', '9999999999999999']) {
      expect(messageOf(moveLicenseFormSchema.safeParse({ to_user_id: text })), text).toBe(licenseFormMessages.userId);
    }
  });
});
