import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { licAdminContract, type AdminLicenseRow, type SubscriptionRow } from '../../../shared/contract/lic.admin';
import { api } from '../support/fake-api';
import { ADMIN, answerLicenseCatalogue, answerProfile } from '../support/fixtures';
import { renderScreen } from '../support/render';

/**
 * A subscription's detail on /subscriptions after a conversion: the converted subscription tells which
 * add-on subscription its conversion ended, and that add-on subscription tells why it ended. Converting
 * for real through the provider is test/integration/commerce-webhook.
 */

const OWNER = { id: 41, email: 'kim@example.com' };

function subscription(fields: Partial<SubscriptionRow> & Pick<SubscriptionRow, 'id' | 'product'>): SubscriptionRow {
  return { created: '2026-02-01T10:00:00Z', license_id: 300, index: 0, state: 'active', user_id: OWNER.id, user: OWNER.email, reference: `ref-${fields.id}`, renews_at: '2027-02-01', ...fields };
}

const license = (fields: Partial<AdminLicenseRow> = {}): AdminLicenseRow => ({
  id: 300,
  created: '2026-02-01',
  user_id: OWNER.id,
  user: OWNER.email,
  company: 'Test Co',
  license_type_id: 'All',
  license_usage_id: 4,
  license_usage: 'Standard',
  enabled: true,
  valid_from: '2026-02-01',
  valid_to: '2027-02-01',
  reserved_to: null,
  fingerprint: null,
  hostname: null,
  hid: null,
  subscription_id: 1001,
  subscription_state: 'active',
  tag: null,
  shared_count: 0,
  addons: [],
  expired: false,
  days: 250,
  ...fields,
});

const converted = subscription({ id: 1001, product: 'automation-battery-toolbox-yearly' });
const endedAddon = subscription({ id: 1002, product: 'automation-addon-yearly', state: 'deactivated', renews_at: null });
const plain = subscription({ id: 1003, product: 'pro-yearly', license_id: 301 });
const canceledAddon = subscription({ id: 1004, product: 'automation-addon-yearly', state: 'canceled', renews_at: null, license_id: 301 });

const details: Record<number, object> = {
  1001: { ...converted, interval: '1 year', url: null, converted_from: 'pro-yearly', converted_on: '2026-11-20', ended_addon_subscriptions: [1002] },
  1002: { ...endedAddon, interval: '1 year', url: null, ended_on: '2026-11-20', ended_by_conversion_of: 1001 },
  1003: { ...plain, interval: '1 year', url: null },
  1004: { ...canceledAddon, interval: '1 year', url: null, canceled_with: 1003 },
};

async function openDetail(id: number) {
  answerProfile(ADMIN);
  answerLicenseCatalogue();
  api.answer(licAdminContract, 'get_subscriptions', { subscriptions: [converted, endedAddon, plain, canceledAddon], count: 4 });
  api.answer(licAdminContract, 'get_subscription', ({ subscription_id }) => details[subscription_id] as never);
  api.answer(licAdminContract, 'get_all_licenses', ({ license_id }) => ({
    rows: [license_id === 301 ? license({ id: 301, license_type_id: 'Pro', subscription_id: 1003 }) : license()],
    count: 1,
  }));
  const { user } = await renderScreen('/subscriptions', { as: 'admin', title: 'Subscriptions' });
  await user.click(await screen.findByRole('button', { name: String(id) }));
  const dialog = await screen.findByRole('dialog', { name: `Subscription ${id}` });
  await within(dialog).findByText('Reference');
  return dialog;
}

describe('a subscription’s detail after a conversion', () => {
  it('shows on the converted subscription which add-on subscription its conversion ended', async () => {
    const dialog = await openDetail(1001);
    expect(await within(dialog).findByText('Converted from Pro on 2026-11-20')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Add-on subscription 1002 ended on 2026-11-20 when converted to Automation and Battery toolbox, which includes the add-on: it is not charged again',
      ),
    ).toBeTruthy();
  });

  it('shows on the ended add-on subscription the conversion that ended it', async () => {
    const dialog = await openDetail(1002);
    expect(
      await within(dialog).findByText('Ended on 2026-11-20 when subscription 1001 was converted to a product that includes this add-on: it is not charged again'),
    ).toBeTruthy();
    expect(within(dialog).getByText('deactivated')).toBeTruthy();
  });

  it('shows on an add-on subscription canceled with its license\'s subscription, whose provider subscription goes on for others, which one it went with', async () => {
    const dialog = await openDetail(1004);
    expect(
      await within(dialog).findByText(
        "Canceled with subscription 1003, its license's own: from its next charge, the provider charges this add-on subscription for the other licenses only",
      ),
    ).toBeTruthy();
  });

  it('shows no history for a subscription that was never converted', async () => {
    const dialog = await openDetail(1003);
    expect(within(dialog).getByText('ref-1003')).toBeTruthy();
    expect(within(dialog).queryByText('History')).toBeNull();
  });
});
