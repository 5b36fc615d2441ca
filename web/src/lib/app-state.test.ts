import { describe, expect, it } from 'vitest';
import { clearError, getAppState, initialAppState, setError, updateAppState } from './app-state';

describe('shared application state', () => {
  it('starts with an empty error, no products, empty order totals, no completed order and no users filter', () => {
    expect(initialAppState).toEqual({
      error: '',
      products: [],
      orderTotal: '',
      orderTax: '',
      orderTotalValue: 0,
      orderCompleted: null,
      users: { filter: '' },
    });
  });

  it('holds one error string at a time', () => {
    setError('first');
    setError('second');
    expect(getAppState().error).toBe('second');
    clearError();
    expect(getAppState().error).toBe('');
  });

  it('changes only the parts it is given', () => {
    updateAppState({ orderTotal: '€10.00', orderTotalValue: 10 });
    expect(getAppState()).toMatchObject({ orderTotal: '€10.00', orderTotalValue: 10, orderTax: '', products: [] });
  });
});
