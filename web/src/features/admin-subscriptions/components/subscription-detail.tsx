import { Anchor, Button, DataList, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { type CmdResult } from '../../../../../shared/contract/define';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { adminActions } from '../../../../../shared/licenses/actions';
import { useCmdQuery } from '../../../api/cmd-query';
import { ErrorBanner } from '../../../components/error-banner';
import { PageLoader } from '../../../components/page-loader';
import { useLicenseTypeName } from '../../../hooks/use-license-catalog';
import { addonsText } from '../../../lib/addons';
import { formatDate, formatDay } from '../../../lib/dates';
import { userDetailPath } from '../../admin-users';
import { licensePath } from '../license-path';
import { productName, subscriptionTexts } from '../messages';
import { useSubscriptionLicense } from '../use-subscription-license';
import { SubscriptionActionConfirm, type SubscriptionAction } from './subscription-action-confirm';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/**
 * Which actions the subscription offers (shared/licenses/actions.ts): Cancel while it is active (or its
 * state unknown), Convert too for a Pro license with exactly one add-on. The subscription's own state
 * counts; the license gives its type and add-ons. None until the license is in, and none for an add-on's
 * subscription: cancel_subscription takes the license, so it would end the license's own subscription.
 */
type Detail = CmdResult<typeof licAdminContract, 'get_subscription'>;

function useOfferedActions(subscription: Detail): { offered: Set<SubscriptionAction>; addonOf: number | null } {
  const { license } = useSubscriptionLicense(subscription.license_id);
  const offered = new Set<SubscriptionAction>();
  if (!license) return { offered, addonOf: null };
  if (license.subscription_id !== subscription.id) return { offered, addonOf: license.id };
  const actions = adminActions({ ...license, subscription_state: subscription.state });
  if (actions.has('cancel_subscription')) offered.add('cancel');
  if (actions.has('convert_subscription')) offered.add('convert');
  return { offered, addonOf: null };
}

function LicenseType({ licenseId }: { licenseId: number }) {
  const typeName = useLicenseTypeName();
  const { license } = useSubscriptionLicense(licenseId);
  if (!license) return null;
  const addons = addonsText(license.addons);
  return (
    <>
      {typeName(license.license_type_id)}
      {addons && ` with ${addons}`}
    </>
  );
}

/** What a conversion did, as the detail tells it. */
const conversionTexts = {
  converted: (from: string, day: string) => `Converted from ${productName(from)} on ${formatDay(day)}`,
  addonEnded: (subscriptionId: number, day: string, product: string) =>
    `Add-on subscription ${subscriptionId} ended on ${formatDay(day)} when converted to ${productName(product)}, which includes the add-on: it is not charged again`,
  endedByConversion: (day: string, subscriptionId: number) =>
    `Ended on ${formatDay(day)} when subscription ${subscriptionId} was converted to a product that includes this add-on: it is not charged again`,
  canceledWith: (subscriptionId: number) =>
    `Canceled with subscription ${subscriptionId}, its license's own: from its next charge, the provider charges this add-on subscription for the other licenses only`,
} as const;

/**
 * What happened to the subscription beyond its state: a conversion, with the add-on subscriptions it
 * ended (so nobody wonders whether the add-on is still charged), or, for such an add-on subscription, the
 * conversion that ended it or the cancel it went with. Nothing for a subscription that went its usual way.
 */
function History({ subscription }: { subscription: Detail }) {
  const lines: string[] = [];
  if (subscription.converted_from && subscription.converted_on) {
    lines.push(conversionTexts.converted(subscription.converted_from, subscription.converted_on));
    for (const id of subscription.ended_addon_subscriptions ?? []) {
      lines.push(conversionTexts.addonEnded(id, subscription.converted_on, subscription.product));
    }
  }
  if (subscription.ended_on && subscription.ended_by_conversion_of) {
    lines.push(conversionTexts.endedByConversion(subscription.ended_on, subscription.ended_by_conversion_of));
  }
  if (subscription.canceled_with) lines.push(conversionTexts.canceledWith(subscription.canceled_with));
  if (!lines.length) return null;
  return (
    <Item label="History">
      <Stack gap={4}>
        {lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    </Item>
  );
}

function DetailView({ subscription, onClose }: { subscription: Detail; onClose: () => void }) {
  const { offered, addonOf } = useOfferedActions(subscription);
  const [confirming, setConfirming] = useState<SubscriptionAction | null>(null);
  return (
    <Stack gap="md">
      {/* A long email or reference breaks rather than running out of a phone's dialog. */}
      <DataList size="sm" gap={4} labelWidth={112} styles={{ itemValue: { overflowWrap: 'anywhere', minWidth: 0 } }}>
        <Item label="State">{subscription.state}</Item>
        <Item label="License id">
          <Anchor component={Link} to={licensePath(subscription.license_id)} size="sm">
            {subscription.license_id}
          </Anchor>
          {/* Which of the subscription's licenses (a quantity of n has n). */}
          <Text span size="sm" c="dimmed">
            {' '}
            (index {subscription.index})
          </Text>
        </Item>
        <Item label="License type">
          <LicenseType licenseId={subscription.license_id} />
        </Item>
        <Item label="User">
          <Anchor component={Link} to={userDetailPath(subscription.user_id)} size="sm">
            {subscription.user || `User ${subscription.user_id}`}
          </Anchor>
        </Item>
        <Item label="Product">
          {productName(subscription.product)}{' '}
          <Text span size="sm" c="dimmed">
            ({subscription.product})
          </Text>
        </Item>
        <Item label="Interval">{subscription.interval}</Item>
        <Item label="Created">{formatDate(subscription.created)}</Item>
        <Item label="Renews at">{subscription.renews_at ? formatDay(subscription.renews_at) : 'Does not renew'}</Item>
        <Item label="Reference">{subscription.reference}</Item>
        <Item label="Account page">
          {subscription.url ? (
            <Anchor href={subscription.url} target="_blank" rel="noopener noreferrer" size="sm">
              Open the account page
            </Anchor>
          ) : (
            subscriptionTexts.noAccountPage
          )}
        </Item>
        <History subscription={subscription} />
      </DataList>
      {addonOf !== null && subscription.state === 'active' && (
        <Text size="sm" c="dimmed">
          {subscriptionTexts.addonSubscription(addonOf)}
        </Text>
      )}
      {confirming ? (
        <SubscriptionActionConfirm
          action={confirming}
          subscriptionId={subscription.id}
          licenseId={subscription.license_id}
          onDone={onClose}
          onCancel={() => setConfirming(null)}
        />
      ) : (
        <Group justify="flex-end" gap="sm">
          {offered.has('convert') && (
            <Button variant="default" onClick={() => setConfirming('convert')}>
              Convert
            </Button>
          )}
          {offered.has('cancel') && (
            <Button variant="light" color="red" onClick={() => setConfirming('cancel')}>
              Cancel subscription
            </Button>
          )}
          <Button variant="default" onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * A subscription's detail (get_subscription): its state, license, owner, product, interval, next charge
 * and the provider's account page, with Cancel and Convert where they apply, each behind Confirm.
 */
export function SubscriptionDetail({ subscriptionId, onClose }: { subscriptionId: number; onClose: () => void }) {
  const subscription = useCmdQuery(licAdminContract, 'get_subscription', { subscription_id: subscriptionId });
  return (
    <>
      <ErrorBanner />
      {subscription.isPending ? (
        <PageLoader />
      ) : (
        subscription.data && <DetailView subscription={subscription.data} onClose={onClose} />
      )}
    </>
  );
}
