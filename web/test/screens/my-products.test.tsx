import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productContract, type Product } from '../../../shared/contract/product';
import { userContract } from '../../../shared/contract/user';
import { recipientMessages } from '../../../shared/forms/recipient';
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

async function openMoveFormAgain(user: Awaited<ReturnType<typeof renderScreen>>['user'], table: HTMLElement) {
  await user.click(await within(table).findByRole('button', { name: 'Move to user' }));
  return within(table).findByLabelText(/^Move to user id/);
}

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

  it('asks for the recipient’s email too, and a slip in the id stops at the check: no confirm, no move', async () => {
    api.answer(userContract, 'check_recipient', refused(recipientMessages.noMatch, 404));
    const { user, table, field } = await openMoveForm();
    await user.type(field, '53');
    const email = within(table).getByLabelText(/^Their email/);
    expect(describedBy(email)).toContain(recipientMessages.emailHint);
    expect(within(table).getByRole('button', { name: 'Move' })).toHaveProperty('disabled', true);
    await user.type(email, 'nina@example.com');
    await user.click(within(table).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(describedBy(email)).toContain(recipientMessages.noMatch));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls(userContract, 'check_recipient')).toEqual([{ user_id: 53, email: 'nina@example.com' }]);
    expect(api.calls(productContract, 'move_product')).toEqual([]);
  });

  it('names the recipient in the confirm once id and email agree, then moves; moving to oneself shows at the field', async () => {
    api.answer(userContract, 'check_recipient', ({ user_id }: { user_id: number }) => ({ user_id, name: user_id === 52 ? 'Nina Berg' : 'Casey Customer' }));
    const answers = [{ product_id: UNIT.id, uid: UNIT.uid, user_id: 52 }, refused(productMessages.alreadyOwner)];
    api.answer(productContract, 'move_product', () => answers.shift()!);
    const { user, table, field } = await openMoveForm();
    await user.type(field, '52');
    await user.type(within(table).getByLabelText(/^Their email/), 'nina@example.com');
    await user.click(within(table).getByRole('button', { name: 'Move' }));
    const question = productQuestions.move(UNIT.uid, { user_id: 52, name: 'Nina Berg' });
    expect(question.title).toBe('Move product UID-0003 to Nina Berg (user 52)?');
    await user.click((await findConfirmation(question.title)).button('Move product'));
    await waitFor(() => expect(api.calls(productContract, 'move_product')).toEqual([{ product_id: UNIT.id, to_user_id: 52 }]));

    // The form closed: open it again and move to oneself.
    const again = await openMoveFormAgain(user, table);
    await user.type(again, String(CUSTOMER.id));
    await user.type(within(table).getByLabelText(/^Their email/), 'casey@example.com');
    await user.click(within(table).getByRole('button', { name: 'Move' }));
    await user.click((await findConfirmation(productQuestions.move(UNIT.uid, { user_id: CUSTOMER.id, name: 'Casey Customer' }).title)).button('Move product'));
    await waitFor(() => expect(describedBy(again)).toContain(productMessages.alreadyOwner));
  });
});
