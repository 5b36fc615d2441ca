import { Button, Group, List, Stack, Text } from '@mantine/core';
import { type CmdResult } from '../../../../../shared/contract/define';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useCmdQuery } from '../../../api/cmd-query';
import { useSubmit } from '../../../lib/forms/use-submit';
import { subscriptionNotices, subscriptionTexts } from '../messages';

/** What an admin may do to a subscription: cancel it, or convert a Pro one with one add-on. */
export type SubscriptionAction = 'cancel' | 'convert';

interface SubscriptionActionConfirmProps {
  action: SubscriptionAction;
  subscriptionId: number;
  licenseId: number;
  /** After the action succeeded (its result shows as a notification). */
  onDone: () => void;
  /** Cancel: the action is not taken. */
  onCancel: () => void;
}

type AddonSubscriptions = NonNullable<CmdResult<typeof licAdminContract, 'get_subscription'>['addon_subscriptions']>;

/**
 * Canceling or converting changes the subscription (its state or product: the list and its detail) and
 * its license (subscription state, or type and add-ons: the license lists).
 */
const RELOADS = { invalidates: ['get_subscriptions', 'get_subscription', 'get_all_licenses'] };

/**
 * What Cancel cancels with the subscription: the add-on subscriptions still charging on its licenses, each
 * named (from the subscription's detail; `undefined`: it could not be read). All of them go with it: an
 * add-on cannot outlive its license, so there is nothing to choose.
 */
function AddonsCanceledWith({ pending, addons }: { pending: boolean; addons: AddonSubscriptions | undefined }) {
  if (pending) return <Text size="sm">{subscriptionTexts.cancelAddonsLoading}</Text>;
  if (!addons) return <Text size="sm">{subscriptionTexts.cancelAddonsUnknown}</Text>;
  if (!addons.length) return null;
  return (
    <Stack gap={4}>
      <Text size="sm">{subscriptionTexts.cancelAddons}</Text>
      <List size="sm">
        {addons.map((addon) => (
          <List.Item key={addon.id}>{subscriptionTexts.cancelAddon(addon)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * The question a subscription action asks first (both need Confirm), with Cancel and Confirm.
 * Confirm cancels the license's subscription (cancel_subscription takes the license) with the add-on
 * subscriptions on its licenses, or converts the subscription (convert_pro_subscription takes the
 * subscription).
 */
export function SubscriptionActionConfirm({ action, subscriptionId, licenseId, onDone, onCancel }: SubscriptionActionConfirmProps) {
  // Cancel names what it cancels with the subscription; Confirm waits until it can.
  const detail = useCmdQuery(licAdminContract, 'get_subscription', { subscription_id: subscriptionId }, { enabled: action === 'cancel' });
  const naming = action === 'cancel' && detail.isPending;
  const cancel = useCmdMutation(licAdminContract, 'cancel_subscription', RELOADS);
  const convert = useCmdMutation(licAdminContract, 'convert_pro_subscription', RELOADS);
  const submit = useSubmit(
    async (): Promise<string> => {
      if (action === 'cancel') {
        const canceled = await cancel.mutateAsync({ license_id: licenseId });
        return subscriptionNotices.canceled(subscriptionId, canceled.canceled_addon_subscriptions);
      }
      const converted = await convert.mutateAsync({ subscription_id: subscriptionId });
      return subscriptionNotices.converted(subscriptionId, converted.product);
    },
    { success: (text) => text, onSuccess: onDone },
  );
  const question =
    action === 'cancel' ? subscriptionTexts.cancelQuestion(subscriptionId, licenseId) : subscriptionTexts.convertQuestion(subscriptionId, licenseId);

  return (
    <Stack gap="sm">
      <Text size="sm">{question}</Text>
      {action === 'cancel' && <AddonsCanceledWith pending={detail.isPending} addons={detail.data?.addon_subscriptions} />}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={submit.pending}>
          Cancel
        </Button>
        <Button color={action === 'cancel' ? 'red' : undefined} loading={submit.pending} disabled={naming} onClick={() => void submit.run()} data-autofocus>
          Confirm
        </Button>
      </Group>
    </Stack>
  );
}
