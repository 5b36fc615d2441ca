import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_CATALOGUE } from '../../../shared/commerce/catalogue';
import { licContract, type LicenseRow } from '../../../shared/contract/lic';
import { userContract } from '../../../shared/contract/user';
import { organisationsContract } from '../../../shared/organisations/organisations.contract';
import { getConfig } from '../../src/config';
import { DATA_CALLBACK } from '../../src/features/checkout/script-tag';
import { api } from '../support/fake-api';
import { CUSTOMER } from '../support/fixtures';
import { renderScreen } from '../support/render';

/**
 * The customer's /licenses: the words a card shows, explained where they are shown; and, with a checkout
 * provider, "Buy again" on a license about to end, which leads into
 * buying one of the same type and term. The provider here is a stand-in for its script: it records the
 * cart calls and reports the cart back through the data callback, as FastSpring's library and the local
 * sandbox do (buying through the sandbox for real is test/e2e/checkout).
 */

const OWNER = CUSTOMER;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The cart calls the stand-in provider received, e.g. ["update pro-yearly 1"]. */
const cartCalls: string[] = [];
const cart = new Map<string, number>();
const globals = window as unknown as Record<string, unknown>;

/** Reports the whole storefront (the cart's lines selected) through the portal's data callback. */
function report() {
  const items = SALES_CATALOGUE.map(({ path }) => ({ path, selected: (cart.get(path) ?? 0) > 0, quantity: cart.get(path) ?? 0, price: '€10.00' }));
  (globals[DATA_CALLBACK] as (session: unknown) => void)({ groups: [{ items }], total: '€0.00' });
}

const builder = {
  add: (path: string) => (cartCalls.push(`add ${path}`), cart.set(path, 1), report()),
  update: (path: string, quantity: number) => (cartCalls.push(`update ${path} ${quantity}`), cart.set(path, quantity), report()),
  remove: () => undefined,
  recognize: () => undefined,
  tag: () => undefined,
  reset: () => undefined,
  viewCart: () => undefined,
  checkout: () => undefined,
  push: () => undefined,
};

const appendChild = document.head.appendChild.bind(document.head);
beforeAll(() => {
  // The configuration is read once per page: this file's page has a provider, as a deployment with one does.
  getConfig().checkout = { scriptUrl: 'https://checkout.test/sbl.js', scriptIntegrity: `sha384-${'A'.repeat(64)}`, storefront: 'test' };
  // The provider's script "loads" as soon as it is added: the builder is there, its first report follows.
  document.head.appendChild = <T extends Node>(node: T): T => {
    const added = appendChild(node);
    if (node instanceof HTMLScriptElement && node.id === 'fsc-api') {
      globals.fastspring = { builder };
      node.dispatchEvent(new Event('load'));
      queueMicrotask(report);
    }
    return added;
  };
});
afterAll(() => {
  document.head.appendChild = appendChild;
  delete globals.fastspring;
  delete getConfig().checkout;
});

let nextId = 700;
function license(fields: Partial<LicenseRow> = {}): LicenseRow {
  return {
    id: nextId++,
    user_id: OWNER.id,
    created: '2026-01-05',
    license_type_id: 'Pro',
    license_usage_id: 4,
    license_usage: 'Standard',
    enabled: true,
    valid_from: day(-355),
    valid_to: day(10),
    tag: null,
    reserved_to: null,
    fingerprint: null,
    hostname: null,
    expired: false,
    days: null,
    hid: null,
    subscription_id: null,
    subscription_state: null,
    shared_count: 0,
    addons: [],
    shared_users: [],
    shared_by: null,
    ...fields,
  };
}

async function openWith(licenses: LicenseRow[]) {
  api.answer(userContract, 'get_user_profile', OWNER);
  api.answer(licContract, 'get_licenses', { licenses });
  api.answer(licContract, 'get_my_subscriptions', { subscriptions: [] });
  api.answer(organisationsContract, 'get_my_organisations', { organisations: [], invitations: [] });
  const rendered = await renderScreen('/licenses', { title: 'Licenses' });
  await screen.findByRole('textbox', { name: 'Quantity of Pro, yearly subscription' });
  return rendered;
}

const card = (id: number) => screen.getByRole('article', { name: `License ${id}` });

describe('Buy again on the Licenses screen', () => {
  it('puts one of the same type and term in the cart and takes the buyer to its line', async () => {
    const yearly = license();
    const monthly = license({ license_type_id: 'All', valid_from: day(-20), valid_to: day(5) });
    const { user } = await openWith([yearly, monthly]);

    await user.click(within(card(yearly.id)).getByRole('button', { name: 'Buy again' }));
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Quantity of Pro, yearly subscription' });
    await waitFor(() => expect(field.value).toBe('1'));
    expect(document.activeElement).toBe(field);

    await user.click(within(card(monthly.id)).getByRole('button', { name: 'Buy again' }));
    const monthlyField = screen.getByRole<HTMLInputElement>('textbox', { name: 'Quantity of Automation and Battery toolbox, monthly subscription' });
    await waitFor(() => expect(monthlyField.value).toBe('1'));
    // Once in the cart, Buy again adds no second one.
    await user.click(within(card(yearly.id)).getByRole('button', { name: 'Buy again' }));
    expect(cartCalls).toEqual(['update pro-yearly 1', 'update automation-battery-toolbox-monthly 1']);
  });

  it('is offered only on the owner’s license about to end that does not renew by itself', async () => {
    const farOff = license({ valid_to: day(200) });
    const perpetual = license({ valid_to: null });
    const renewing = license({ subscription_id: 9, subscription_state: 'active' });
    const canceled = license({ subscription_id: 10, subscription_state: 'canceled' });
    const expired = license({ valid_to: day(-3), expired: true });
    const shared = license({ user_id: OWNER.id + 1, shared_by: 'someone' });
    const notSold = license({ license_type_id: 'Battery' });
    await openWith([farOff, perpetual, renewing, canceled, expired, shared, notSold]);

    for (const { id } of [canceled, expired]) within(card(id)).getByRole('button', { name: 'Buy again' });
    for (const { id } of [farOff, perpetual, renewing, shared, notSold]) {
      expect(within(card(id)).queryByRole('button', { name: 'Buy again' })).toBeNull();
    }
  });
});

describe('the words on a license card', () => {
  it('explains its type, usage and add-ons beside them, behind a button a keyboard and a screen reader reach', async () => {
    const pro = license({ valid_to: day(200), addons: [{ id: 'Battery', attributes: {} }] });
    const { user } = await openWith([pro]);
    const article = card(pro.id);

    await user.click(within(article).getByRole('button', { name: 'What usage Standard means' }));
    await screen.findByText('Standard: the license as the shop sells it, for any use its license agreement (EULA) allows.');
    await user.click(within(article).getByRole('button', { name: 'What type Pro means' }));
    await screen.findByText(/^Pro: the desktop app’s Pro edition\. It starts without add-ons/);
    await user.click(within(article).getByRole('button', { name: 'What these add-ons means' }));
    await screen.findByText('Add-ons unlock parts of a Pro license. Battery: the Battery toolbox (BT).');
    // The button adds no text to the value it stands beside.
    const usage = within(article).getAllByText('Usage').find((element) => element.tagName === 'DT')!;
    expect(usage.nextElementSibling?.textContent).toBe('Standard');
  });
});
