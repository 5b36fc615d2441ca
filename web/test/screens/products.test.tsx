import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productContract, type Product } from '../../../shared/contract/product';
import { userContract } from '../../../shared/contract/user';
import { productAdminContract, type AdminProductRow } from '../../../shared/contract/product.admin';
import { productMessages } from '../../../shared/products/messages';
import { api, refused } from '../support/fake-api';
import { ADMIN, CUSTOMER, answerProfile } from '../support/fixtures';
import { renderScreen } from '../support/render';
import { expectNoConfirmation, findConfirmation, findErrorBanner, findNotification, notificationTexts } from '../support/results';

/**
 * My products and Registered products: what a move, a certificate request and an unregistration ask
 * first and show afterwards. Doing them for real against the API is test/e2e/products.
 */

let nextId = 300;
function product(fields: Partial<Product> = {}): Product {
  const id = nextId++;
  return {
    id,
    created: '2026-03-01T10:00:00Z',
    product_id: 'Arc',
    uid: `UNIT-${id}`,
    hardware_version: '1.2',
    user_id: CUSTOMER.id,
    license_id: null,
    ean: '7350000000000',
    banner: null,
    link: null,
    ...fields,
  };
}

async function openMyProducts(products: Product[]) {
  answerProfile(CUSTOMER);
  api.answer(productContract, 'get_products', { products });
  const rendered = await renderScreen('/myproducts', { title: 'My products' });
  await screen.findByText(products[0]!.uid);
  return rendered;
}

const rowOf = (uid: string) => {
  const row = screen.getByText(uid).closest('tr');
  if (!row) throw new Error(`No row for ${uid}`);
  return row;
};

describe('My products', () => {
  it('moves a unit only once confirmed, naming it and the user it goes to, and says so', async () => {
    const unit = product();
    const { user } = await openMyProducts([unit]);
    api.answer(productContract, 'move_product', ({ product_id, to_user_id }) => ({ product_id, uid: unit.uid, user_id: to_user_id }));
    api.answer(userContract, 'check_recipient', ({ user_id }: { user_id: number }) => ({ user_id, name: 'Fox Mulder' }));
    await user.click(within(rowOf(unit.uid)).getByRole('button', { name: 'Move to user' }));
    await user.type(await within(rowOf(unit.uid)).findByLabelText(/^Move to user id/), '33');
    await user.type(within(rowOf(unit.uid)).getByLabelText(/^Their email/), 'fox@example.com');
    const move = within(rowOf(unit.uid)).getByRole('button', { name: 'Move' });
    await waitFor(() => expect(move).toHaveProperty('disabled', false));
    await user.click(move);

    const title = `Move product ${unit.uid} to Fox Mulder (user 33)?`;
    let question = await findConfirmation(title);
    expect(question.text).toContain(`${unit.uid} becomes Fox Mulder's registered product: it leaves your products, and only they can move it back to you.`);
    await user.click(question.button('Cancel'));
    await expectNoConfirmation(title);
    expect(api.calls(productContract, 'move_product')).toEqual([]);

    await user.click(within(rowOf(unit.uid)).getByRole('button', { name: 'Move' }));
    question = await findConfirmation(title);
    await user.click(question.button('Move product'));
    await findNotification(productMessages.moved(unit.uid, 33));
    expect(api.calls(productContract, 'move_product')).toEqual([{ product_id: unit.id, to_user_id: 33 }]);
  });

  it('requests a certificate and says so; a refused request shows its message in the dialog, which stays open', async () => {
    const unit = product();
    const { user } = await openMyProducts([unit]);
    let refuse = true;
    api.answer(productContract, 'request_certificate', ({ uid }) => (refuse ? refused('Too many certificate requests today', 429) : { id: 1, uid }));
    await user.click(within(rowOf(unit.uid)).getByRole('button', { name: 'Request calibration certificate' }));
    const dialog = await screen.findByRole('dialog', { name: `Request calibration certificate for ${unit.uid}` });
    await user.type(within(dialog).getByLabelText(/^Address 1/), 'Storgatan 1');
    await user.type(within(dialog).getByLabelText(/^Zip\/postal code/), '211 34');
    await user.type(within(dialog).getByLabelText(/^City/), 'Malmö');
    await user.type(within(dialog).getByLabelText(/^Country/), 'Sweden');
    const request = within(dialog).getByRole('button', { name: 'Request' });
    await waitFor(() => expect(request).toHaveProperty('disabled', false));

    await user.click(request);
    await findErrorBanner('Too many certificate requests today', dialog);
    // In the dialog alone: not again at the top of the page behind it, nor as a notification.
    expect(screen.getAllByText('Too many certificate requests today')).toHaveLength(1);
    expect(notificationTexts()).toEqual([]);
    expect(screen.getByRole('dialog', { name: `Request calibration certificate for ${unit.uid}` })).toBeTruthy();

    refuse = false;
    await user.click(request);
    await findNotification(productMessages.certificateRequested);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The next action cleared the refused one's message.
    expect(screen.queryAllByText('Too many certificate requests today')).toEqual([]);
  });

  it('takes a refused request’s message away with the dialog when it is closed', async () => {
    const unit = product();
    const { user } = await openMyProducts([unit]);
    api.answer(productContract, 'request_certificate', refused('Too many certificate requests today', 429));
    await user.click(within(rowOf(unit.uid)).getByRole('button', { name: 'Request calibration certificate' }));
    const dialog = await screen.findByRole('dialog', { name: `Request calibration certificate for ${unit.uid}` });
    await user.type(within(dialog).getByLabelText(/^Address 1/), 'Storgatan 1');
    await user.type(within(dialog).getByLabelText(/^Zip\/postal code/), '211 34');
    await user.type(within(dialog).getByLabelText(/^City/), 'Malmö');
    await user.type(within(dialog).getByLabelText(/^Country/), 'Sweden');
    await user.click(within(dialog).getByRole('button', { name: 'Request' }));
    await findErrorBanner('Too many certificate requests today', dialog);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // It was about the dialog's request: the page does not show it afterwards.
    expect(screen.queryAllByText('Too many certificate requests today')).toEqual([]);
  });
});

describe('Registered products (admin)', () => {
  it('unregisters a unit only once confirmed, naming it and its owner', async () => {
    const unit: AdminProductRow = { ...product(), user: CUSTOMER.email };
    answerProfile(ADMIN);
    api.answer(productAdminContract, 'get_all_products', { products: [unit], count: 1 });
    api.answer(productAdminContract, 'unregister_product', ({ uid }) => ({ uid }));
    const { user } = await renderScreen('/allproducts', { as: 'admin', title: 'Registered products' });
    await screen.findByText(unit.uid);

    await user.click(within(rowOf(unit.uid)).getByRole('button', { name: 'Unregister' }));
    const title = `Unregister product ${unit.uid}?`;
    let question = await findConfirmation(title);
    expect(question.text).toContain(`${CUSTOMER.email} loses ${unit.uid} from their products, and anyone may register it again.`);
    await user.click(question.button('Cancel'));
    await expectNoConfirmation(title);
    expect(api.calls(productAdminContract, 'unregister_product')).toEqual([]);

    await user.click(within(rowOf(unit.uid)).getByRole('button', { name: 'Unregister' }));
    question = await findConfirmation(title);
    await user.click(question.button('Unregister product'));
    await findNotification(`Product ${unit.uid} unregistered`);
    expect(api.calls(productAdminContract, 'unregister_product')).toEqual([{ uid: unit.uid }]);
  });
});
