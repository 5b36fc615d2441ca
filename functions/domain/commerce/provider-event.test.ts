import { describe, expect, it } from 'vitest';
import { dayOf, idOf, parseDelivery, readOrder, readReturnedOrder, readSubscription } from './provider-event';

describe('a webhook delivery', () => {
  it('reads each event with its id, type and data (none: empty)', () => {
    expect(parseDelivery({ events: [{ id: 'E1', type: 'order.completed', data: { id: 'O1' } }, { id: 'E2', type: 'subscription.canceled' }] })).toEqual([
      { id: 'E1', type: 'order.completed', data: { id: 'O1' } },
      { id: 'E2', type: 'subscription.canceled', data: {} },
    ]);
  });

  it('is no delivery without an events list, or with an event lacking its id or type', () => {
    expect(parseDelivery({})).toBeNull();
    expect(parseDelivery([])).toBeNull();
    expect(parseDelivery({ events: [{ type: 'order.completed' }] })).toBeNull();
    expect(parseDelivery({ events: [{ id: '', type: 'order.completed' }] })).toBeNull();
    expect(parseDelivery({ events: [{ id: 'E1' }] })).toBeNull();
  });
});

describe('references and days as the provider sends them', () => {
  it('reads a reference given as its id, a number, or the expanded object', () => {
    expect(idOf('SUB-1')).toBe('SUB-1');
    expect(idOf(42)).toBe('42');
    expect(idOf({ id: 'SUB-1' })).toBe('SUB-1');
    expect(idOf({ path: 'pro-yearly' }, 'path')).toBe('pro-yearly');
    expect(idOf('')).toBeUndefined();
    expect(idOf(null)).toBeUndefined();
  });

  it('reads a day from seconds, milliseconds or an ISO date or time', () => {
    expect(dayOf(1_780_000_000)).toBe('2026-05-28');
    expect(dayOf(1_780_000_000_000)).toBe('2026-05-28');
    expect(dayOf('2026-05-28T23:00:00Z')).toBe('2026-05-28');
    expect(dayOf('2026-05-28')).toBe('2026-05-28');
    expect(dayOf('next week')).toBeUndefined();
    expect(dayOf(0)).toBeUndefined();
  });
});

describe('the order of an order.completed event', () => {
  it('reads the order, its buyer tag, account and lines, each with its subscription and next charge', () => {
    const data = {
      order: 'O1',
      reference: 'REF-1',
      account: { id: 'ACC-1' },
      tags: { user_id: '7' },
      items: [
        { product: 'pro-yearly', quantity: 2, subscription: { id: 'SUB-1', nextInSeconds: 1_780_000_000 } },
        { product: { path: 'calibration-service' } },
      ],
    };
    expect(readOrder(data)).toEqual({
      orderId: 'O1',
      reference: 'REF-1',
      userId: 7,
      account: 'ACC-1',
      items: [
        { path: 'pro-yearly', quantity: 2, subscription: 'SUB-1', next: '2026-05-28' },
        { path: 'calibration-service', quantity: 1 },
      ],
    });
  });

  it('reads a numeric user tag, and none from a tag that is not a user id', () => {
    expect(readOrder({ id: 'O1', tags: { user_id: 7 } })?.userId).toBe(7);
    expect(readOrder({ id: 'O1', tags: { user_id: '07' } })?.userId).toBeUndefined();
    expect(readOrder({ id: 'O1', tags: { user_id: 'admin' } })?.userId).toBeUndefined();
  });

  it('is no order without an id', () => {
    expect(readOrder({ items: [] })).toBeUndefined();
  });
});

describe('the subscription of a subscription event', () => {
  it('reads the subscription from the data itself or, for a charge, under `subscription`', () => {
    expect(readSubscription({ id: 'SUB-1', product: 'pro-yearly', next: '2027-01-01', end: '2027-02-01' })).toEqual({
      reference: 'SUB-1',
      product: 'pro-yearly',
      next: '2027-01-01',
      end: '2027-02-01',
    });
    expect(readSubscription({ subscription: 'SUB-1' })).toEqual({ reference: 'SUB-1' });
    expect(readSubscription({ subscription: { id: 'SUB-1', nextChargeDate: '2027-01-01' } })).toEqual({ reference: 'SUB-1', next: '2027-01-01' });
    expect(readSubscription({})).toBeUndefined();
  });

  it('reads the order a refund takes back', () => {
    expect(readReturnedOrder({ original: { order: 'O1' } })).toBe('O1');
    expect(readReturnedOrder({ original: 'O1' })).toBe('O1');
    expect(readReturnedOrder({ order: 'O1' })).toBe('O1');
    expect(readReturnedOrder({})).toBeUndefined();
  });
});
