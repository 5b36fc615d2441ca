import { Button, Group, Stack, Text } from '@mantine/core';
import { useSubmit } from '../../../lib/forms/use-submit';
import { useCancelSubscription, useConvertSubscription } from '../api/subscription-changes';
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

/**
 * The question a subscription action asks first (both need Confirm), with Cancel and Confirm.
 * Confirm cancels the license's subscription (cancel_subscription takes the license) or converts the
 * subscription (convert_pro_subscription takes the subscription).
 */
export function SubscriptionActionConfirm({ action, subscriptionId, licenseId, onDone, onCancel }: SubscriptionActionConfirmProps) {
  const cancel = useCancelSubscription();
  const convert = useConvertSubscription();
  const submit = useSubmit(
    async (): Promise<string> => {
      if (action === 'cancel') {
        await cancel.mutateAsync(licenseId);
        return subscriptionNotices.canceled(subscriptionId);
      }
      const converted = await convert.mutateAsync(subscriptionId);
      return subscriptionNotices.converted(subscriptionId, converted.product);
    },
    { success: (text) => text, onSuccess: onDone },
  );
  const question =
    action === 'cancel' ? subscriptionTexts.cancelQuestion(subscriptionId, licenseId) : subscriptionTexts.convertQuestion(subscriptionId, licenseId);

  return (
    <Stack gap="sm">
      <Text size="sm">{question}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={submit.pending}>
          Cancel
        </Button>
        <Button color={action === 'cancel' ? 'red' : undefined} loading={submit.pending} onClick={() => void submit.run()} data-autofocus>
          Confirm
        </Button>
      </Group>
    </Stack>
  );
}
