import { describe, expect, it } from 'vitest';
import { completedOrder, sessionState } from './session';

describe('sessionState', () => {
  it('keeps every product once, license types with their catalogue terms and services by name, and the totals', () => {
    const state = sessionState({
      currency: 'EUR',
      groups: [
        {
          items: [
            { path: 'pro-perpetual', display: 'Pro', selected: true, quantity: 2, price: '€100.00', priceTotal: '€200.00' },
            { path: 'battery-addon-monthly', selected: false, quantity: 1, price: '€5.00', priceTotal: '€5.00' },
            { path: 'calibration-service', display: 'Calibration', selected: true, quantity: 1, price: '€80.00', priceTotal: '€80.00' },
          ],
        },
        { items: [{ path: 'pro-perpetual', selected: false, quantity: 0, price: '€100.00', priceTotal: '€0.00' }] },
      ],
      total: '€336.00',
      totalValue: 336,
      tax: '€56.00',
      taxValue: 56,
    });
    expect(state).toEqual({
      products: [
        {
          path: 'pro-perpetual',
          licenseType: 'Pro',
          interval: 'perpetual',
          subscription: false,
          price: '€100.00',
          priceTotal: '€200.00',
          quantity: 2,
          selected: true,
        },
        // Outside the cart a product counts none, whatever quantity the provider reports.
        {
          path: 'battery-addon-monthly',
          licenseType: 'Battery add-on',
          interval: 'month',
          subscription: true,
          price: '€5.00',
          priceTotal: '€5.00',
          quantity: 0,
          selected: false,
        },
        { path: 'calibration-service', name: 'Calibration service', price: '€80.00', priceTotal: '€80.00', quantity: 1, selected: true },
      ],
      orderTotal: '€336.00',
      orderTax: '€56.00',
      orderTotalValue: 336,
    });
  });

  it('is empty without a session', () => {
    expect(sessionState(null)).toEqual({ products: [], orderTotal: '', orderTax: '', orderTotalValue: 0 });
  });
});

describe('completedOrder', () => {
  it('reads the order of a purchase, and nothing of an abandoned cart', () => {
    expect(completedOrder({ id: 'abc', reference: 'SBX-1' })).toEqual({ id: 'abc', reference: 'SBX-1' });
    expect(completedOrder({ id: 12 })).toEqual({ id: '12', reference: '12' });
    expect(completedOrder(null)).toBeNull();
    expect(completedOrder({ id: '' })).toBeNull();
    expect(completedOrder('done')).toBeNull();
  });
});
