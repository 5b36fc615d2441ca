import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productContract, type Product } from '../../../shared/contract/product';
import { userContract, type IvCurve } from '../../../shared/contract/user';
import { api } from '../support/fake-api';
import { ADMIN, CUSTOMER, answerProfile } from '../support/fixtures';
import { renderScreen } from '../support/render';

/**
 * The IV curve form names a customer's products as My products does (product id and uid) and sends the
 * chosen one's registration id, a number no customer screen shows; the list pages with a search, and offers
 * each viewer only what they may do. Uploading, updating, downloading and deleting for real is
 * test/e2e/iv-curves.
 */

const product = (id: number, product_id: string, uid: string): Product => ({
  id,
  created: '2026-02-01T09:00:00.000Z',
  product_id,
  uid,
  hardware_version: '2.1',
  user_id: CUSTOMER.id,
  license_id: null,
  ean: '7350063470017',
  banner: null,
  link: null,
});

const PRODUCTS = [product(12, 'Arc', 'ARC1A2B3C11'), product(15, 'Ace', 'ACE1A2B3D22')];

const stored = (fields: Partial<IvCurve>): IvCurve => ({
  id: 70,
  product_id: null,
  version: 1,
  created: '2026-03-01T09:00:00.000Z',
  updated: '2026-03-01T09:00:00.000Z',
  user_id: CUSTOMER.id,
  user: CUSTOMER.email,
  public: false,
  manufacturer: 'Acme',
  model: 'SC-100',
  unit: 'mA',
  filename: '70-v1.csv',
  points: 4,
  can_update: true,
  ...fields,
});

describe('the IV curve form', () => {
  it('offers the customer’s units by product id and uid, and sends the chosen one', async () => {
    answerProfile(CUSTOMER);
    api.answer(productContract, 'get_products', { products: PRODUCTS });
    api.answer(userContract, 'get_iv_curves', { curves: [], count: 0, can_publish: false });
    api.answer(userContract, 'upload_iv_curve', (params) => stored({ product_id: params.product_id ?? null }));
    const { user } = await renderScreen('/ivcurves', { title: 'IV Curves' });

    await user.click(await screen.findByLabelText('Product', { selector: 'input' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Arc ARC1A2B3C11', 'Ace ACE1A2B3D22']);
    await user.click(screen.getByRole('option', { name: 'Ace ACE1A2B3D22' }));

    const file = new File(['manufacturer,Acme\nmodel,SC-100\nunit,mA\nvoltage,current\n0,1\n1,0\n'], 'curve.csv', { type: 'text/csv' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, file);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(api.calls(userContract, 'upload_iv_curve')).toEqual([expect.objectContaining({ upload_type: 'new', product_id: 15 })]));
  });

  it('says where a customer’s units come from when they have none', async () => {
    answerProfile(CUSTOMER);
    api.answer(productContract, 'get_products', { products: [] });
    api.answer(userContract, 'get_iv_curves', { curves: [], count: 0, can_publish: false });
    await renderScreen('/ivcurves', { title: 'IV Curves' });
    await screen.findByText('Units you register with the desktop app are offered here');
    expect(screen.getByLabelText('Product', { selector: 'input' })).toHaveProperty('disabled', true);
  });
});

describe('the IV curves list', () => {
  it('pages 20 at a time with a search sent to the server, and offers Public only to whom may publish', async () => {
    answerProfile(ADMIN);
    api.answer(productContract, 'get_products', { products: [] });
    const curves = Array.from({ length: 21 }, (_, index) => stored({ id: 100 + index, model: `Paged${String(index).padStart(2, '0')}` })).reverse();
    api.answer(userContract, 'get_iv_curves', ({ page = 1, search }) => {
      const found = search ? curves.filter((curve) => curve.model.toLowerCase().includes(String(search).toLowerCase())) : curves;
      return { curves: found.slice((page - 1) * 20, page * 20), count: found.length, can_publish: true };
    });
    const { user } = await renderScreen('/ivcurves', { as: 'admin', title: 'IV Curves' });
    await screen.findByRole('checkbox', { name: /^Public/ });
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'paged');
    await screen.findByText('21 IV curves');
    await waitFor(() => expect(api.calls(userContract, 'get_iv_curves').at(-1)).toMatchObject({ search: 'paged', page: 1 }));
    const rows = () => within(screen.getByRole('table', { name: 'IV curves' })).getAllByRole('row').slice(1);
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.queryByText('Paged00')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Page' }));
    await user.click(await screen.findByRole('option', { name: '2' }));
    await screen.findByText('Paged00');
    expect(rows()).toHaveLength(1);
    expect(api.calls(userContract, 'get_iv_curves').at(-1)).toMatchObject({ search: 'paged', page: 2 });
  });

  it('names each curve’s product by its name and uid, not its registration number', async () => {
    answerProfile(CUSTOMER);
    api.answer(productContract, 'get_products', { products: PRODUCTS });
    api.answer(userContract, 'get_iv_curves', {
      curves: [stored({ id: 81, model: 'Named', product_id: 37, product: { name: 'Arc', uid: 'ARC1A2B3C11' } }), stored({ id: 82, model: 'Gone', product_id: 38, product: null })],
      count: 2,
      can_publish: false,
    });
    await renderScreen('/ivcurves', { title: 'IV Curves' });
    const rowOf = async (model: string) => (await screen.findByText(model)).closest('tr')!;
    within(await rowOf('Named')).getByText('Arc ARC1A2B3C11');
    expect(within(await rowOf('Named')).queryByText('37')).toBeNull();
    // A product since unregistered is named by its number, as such.
    within(await rowOf('Gone')).getByText('Registered product 38');
  });

  it('offers a customer no Public box, and another user’s public curve Download but no Update or Delete', async () => {
    answerProfile(CUSTOMER);
    api.answer(productContract, 'get_products', { products: [] });
    api.answer(userContract, 'get_iv_curves', {
      curves: [stored({ id: 80, model: 'Reference', user_id: 77, user: null, public: true, can_update: false })],
      count: 1,
      can_publish: false,
    });
    await renderScreen('/ivcurves', { title: 'IV Curves' });
    await screen.findByText('Reference');
    expect(screen.queryByRole('checkbox', { name: /^Public/ })).toBeNull();
    screen.getByRole('button', { name: 'Download IV curve 80' });
    expect(screen.queryByRole('button', { name: /^Update/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});
