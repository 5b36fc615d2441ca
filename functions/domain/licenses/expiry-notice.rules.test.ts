import { describe, expect, it } from 'vitest';
import { dueNotice, type NoticeCandidate } from './expiry-notice.rules';

const today = new Date('2026-11-26T08:00:00Z');
const license = (fields: Partial<NoticeCandidate>): NoticeCandidate => ({ valid_to: '2026-12-26', enabled: true, subscription_id: null, subscription_state: null, ...fields });

describe('the expiry notice due', () => {
  it('is the 30-, 7- and 1-day notice on those days before the end', () => {
    expect(dueNotice(license({ valid_to: '2026-12-26' }), today)).toEqual({ threshold: 30, days: 30 });
    expect(dueNotice(license({ valid_to: '2026-12-03' }), today)).toEqual({ threshold: 7, days: 7 });
    expect(dueNotice(license({ valid_to: '2026-11-27' }), today)).toEqual({ threshold: 1, days: 1 });
  });

  it('catches a missed day up with the tightest threshold only', () => {
    expect(dueNotice(license({ valid_to: '2026-12-24' }), today)).toEqual({ threshold: 30, days: 28 });
    expect(dueNotice(license({ valid_to: '2026-12-01' }), today)).toEqual({ threshold: 7, days: 5 });
  });

  it('is none further out than 30 days, on the last day or after the end', () => {
    expect(dueNotice(license({ valid_to: '2026-12-27' }), today)).toBeNull();
    expect(dueNotice(license({ valid_to: '2026-11-26' }), today)).toBeNull();
    expect(dueNotice(license({ valid_to: '2026-11-01' }), today)).toBeNull();
  });

  it('is none for a perpetual license, a disabled one, or a subscription that renews; a canceled subscription ends', () => {
    expect(dueNotice(license({ valid_to: null }), today)).toBeNull();
    expect(dueNotice(license({ valid_to: '2031-01-01' }), today)).toBeNull();
    expect(dueNotice(license({ enabled: false }), today)).toBeNull();
    expect(dueNotice(license({ subscription_id: 5, subscription_state: 'active' }), today)).toBeNull();
    expect(dueNotice(license({ subscription_id: 5, subscription_state: null }), today)).toBeNull();
    expect(dueNotice(license({ subscription_id: 5, subscription_state: 'canceled' }), today)).toEqual({ threshold: 30, days: 30 });
  });
});
