import { describe, expect, it } from 'vitest';
import { SALES_CATALOGUE } from '../../../shared/commerce/catalogue';
import { sandboxPrices } from './sandbox';

describe('the checkout sandbox catalogue', () => {
  it('prices every product of the sales catalogue, and nothing else', () => {
    const { prices, taxRate } = sandboxPrices();
    expect(Object.keys(prices).sort()).toEqual(SALES_CATALOGUE.map((item) => item.path).sort());
    for (const price of Object.values(prices)) expect(price).toBeGreaterThan(0);
    expect(taxRate).toBeGreaterThanOrEqual(0);
  });
});
