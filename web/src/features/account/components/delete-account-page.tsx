import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { nextDeletionRun } from '../../../../../shared/accounts/deletion';
import { type PendingDeletion, userContract } from '../../../../../shared/contract/user';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { cmdKey, useCmdQuery } from '../../../api/cmd-query';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { formatDate, formatDateTime, formatDay } from '../../../lib/dates';
import { useSubmit } from '../../../lib/forms/use-submit';
import { deleteAccountQuestion, deleteAccountTexts, undoText } from '../texts';

/** Until when a request, pending now or made now, can be withdrawn: the deletion job's next run. */
const withdrawableUntil = () => formatDateTime(nextDeletionRun(new Date()));

/**
 * A pending request: when it was made, that the account will be deleted and by when, and (the user's own
 * request) until when it can be withdrawn, with Withdraw.
 */
function PendingRequest({ request }: { request: PendingDeletion }) {
  const withdrawal = useCmdMutation(userContract, 'withdraw_account_deletion', { invalidates: ['get_account_deletion'], whenSettled: true });
  const withdraw = useSubmit(() => withdrawal.mutateAsync({}), { success: () => deleteAccountTexts.withdrawn });
  return (
    <Alert color="teal" variant="light" role="status" title={deleteAccountTexts.requested}>
      <Stack gap="xs">
        <Text size="sm">
          {deleteAccountTexts.requestedOn(formatDate(request.requested))} {deleteAccountTexts.deletedBy(formatDay(request.delete_by))}
        </Text>
        <Text size="sm">{request.by_admin ? deleteAccountTexts.byAdmin : undoText(withdrawableUntil())}</Text>
        {!request.by_admin && (
          <Group>
            <Button variant="default" size="sm" loading={withdraw.pending} onClick={() => void withdraw.run()}>
              Withdraw
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * Delete account: what deletion means and the button "Request deletion of account", which asks first;
 * once requested (also on a later visit) the message that the account will be deleted within two working
 * days and by which day, when it was requested, and Withdraw until the deletion job starts on it. Before
 * and after the request, page and confirmation name the same moment: the job's next run.
 */
export default function DeleteAccountPage() {
  const pending = useCmdQuery(userContract, 'get_account_deletion', {});
  const queryClient = useQueryClient();
  // The request shows as pending at once (the user's own: they may withdraw it).
  const request = useCmdMutation(userContract, 'delete_user_account', {
    onSuccess: (asked) => queryClient.setQueryData(cmdKey(userContract, 'get_account_deletion', {}), { request: { ...asked, by_admin: false } }),
  });
  const ask = useSubmit(() => request.mutateAsync({}), { confirm: () => deleteAccountQuestion(withdrawableUntil()) });

  return (
    <>
      <PageTitle />
      {pending.isPending ? (
        <PageLoader />
      ) : (
        // A failed load shows its message in red at the top of the page.
        pending.data && (
          <Stack gap="md" maw={560}>
            {pending.data.request ? (
              <PendingRequest request={pending.data.request} />
            ) : (
              <>
                <Text>{deleteAccountTexts.explanation}</Text>
                <Text fw={600}>{undoText(withdrawableUntil())}</Text>
                <div>
                  <Button color="red" loading={ask.pending} onClick={() => void ask.run()}>
                    Request deletion of account
                  </Button>
                </div>
              </>
            )}
          </Stack>
        )
      )}
    </>
  );
}
