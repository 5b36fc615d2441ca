import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../../shared/api';
import { productContract, type Product } from '../../../shared/contract/product';
import { licenseFormMessages } from '../../../shared/forms/licenses';
import { productMessages } from '../../../shared/products/messages';
import { productQuestions } from '../../src/features/products/messages';
import { findConfirmation } from '../support/results';
import { api, refused } from '../support/fake-api';
import { CUSTOMER, answerProfile } from '../support/fixtures';
import { renderScreen } from '../support/render';

/** /myproducts' Move to user: what its field says, and a refused user id shown at the field. Moving for real is test/e2e/products. */

const UNIT: Product = {
  id: 3,
  created: '2026-01-01T00:00:00.000Z',
  product_id: 'PM-1',
  uid: 'UID-0003',
  hardware_version: '2',
  user_id: CUSTOMER.id,
  license_id: null,
  ean: '',
  banner: null,
  link: null,
};

/** The texts a field is described by: its hint and its error. */
const describedBy = (field: HTMLElement): string[] =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');

async function openMoveForm() {
  answerProfile(CUSTOMER);
  api.answer(productContract, 'get_products', { products: [UNIT] });
  const rendered = await renderScreen('/myproducts');
  const table = await screen.findByRole('table', { name: 'My products' });
  await rendered.user.click(within(table).getByRole('button', { name: 'Move to user' }));
  const field = await within(table).findByLabelText(/^Move to user id/);
  return { ...rendered, table, field };
}

describe('moving a product to another user', () => {
  it('says what to type and why Move stays disabled', async () => {
    const { user, table, field } = await openMoveForm();
    expect(describedBy(field)).toContain(licenseFormMessages.userIdHint);
    await user.type(field, 'dana');
    await waitFor(() => expect(describedBy(field)).toContain(licenseFormMessages.userIdBlocks('Move')));
    expect(within(table).getByRole('button', { name: 'Move' })).toHaveProperty('disabled', true);
  });

  it('shows an unknown user and moving to oneself at the field', async () => {
    const answers = [refused(apiMessages.userNotFound(404), 404), refused(productMessages.alreadyOwner)];
    api.answer(productContract, 'move_product', () => answers.shift()!);
    const { user, table, field } = await openMoveForm();
    await user.type(field, '404');
    await user.click(within(table).getByRole('button', { name: 'Move' }));
    await user.click((await findConfirmation(productQuestions.move(UNIT.uid, 404).title)).button('Move product'));
    await waitFor(() => expect(describedBy(field)).toContain(apiMessages.userNotFound(404)));
    await user.clear(field);
    await user.type(field, String(CUSTOMER.id));
    await user.click(within(table).getByRole('button', { name: 'Move' }));
    await user.click((await findConfirmation(productQuestions.move(UNIT.uid, CUSTOMER.id).title)).button('Move product'));
    await waitFor(() => expect(describedBy(field)).toContain(productMessages.alreadyOwner));
    expect(api.calls(productContract, 'move_product')).toEqual([
      { product_id: UNIT.id, to_user_id: 404 },
      { product_id: UNIT.id, to_user_id: CUSTOMER.id },
    ]);
  });
});
