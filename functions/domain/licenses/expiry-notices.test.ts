import { describe, expect, it } from 'vitest';
import { expiryNoticeMail } from './expiry-notices';

describe('an expiry notice', () => {
  it('names the license, its end and the link to the Licenses page, and says how to turn notices off', () => {
    const mail = expiryNoticeMail('kim@example.com', { id: 12, license_type_id: 'Battery', valid_to: '2026-12-03', subscription_id: null }, 7, 'https://portal.example.com/licenses');
    expect(mail).toEqual({
      to: 'kim@example.com',
      subject: 'Your Battery license 12 ends in 7 days',
      text: [
        'Your Battery license (license 12) ends in 7 days, on 2026-12-03.',
        '',
        'See your licenses and renew at https://portal.example.com/licenses',
        '',
        'You get this notice 30, 7 and 1 days before a license ends. Turn these notices off on your Profile page.',
      ].join('\n'),
    });
    expect(expiryNoticeMail('kim@example.com', { id: 3, license_type_id: 'Pro', valid_to: '2026-11-27', subscription_id: 9 }, 1, '/licenses').subject).toBe(
      'Your Pro subscription 3 ends tomorrow',
    );
  });
});
