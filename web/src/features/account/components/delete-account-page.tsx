import { Alert, Button, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../../components/page-title';
import { formatDate } from '../../../lib/dates';
import { useSubmit } from '../../../lib/forms/use-submit';
import { useDeleteUserAccount } from '../api/delete-user-account';
import { deleteAccountTexts } from '../texts';

/**
 * Delete account: what deletion means, the button "Request deletion of account", and afterwards the
 * confirmation that the account will be deleted within two working days.
 */
export default function DeleteAccountPage() {
  const request = useDeleteUserAccount();
  const ask = useSubmit(() => request.mutateAsync());

  return (
    <>
      <PageTitle />
      <Stack gap="md" maw={560}>
        {request.data ? (
          <Alert color="teal" variant="light" role="status" title={deleteAccountTexts.requested}>
            {deleteAccountTexts.requestedOn(formatDate(request.data.requested))}
          </Alert>
        ) : (
          <>
            <Text>{deleteAccountTexts.explanation}</Text>
            <Text fw={600}>{deleteAccountTexts.irreversible}</Text>
            <div>
              <Button color="red" loading={ask.pending} onClick={() => void ask.run()}>
                Request deletion of account
              </Button>
            </div>
          </>
        )}
      </Stack>
    </>
  );
}
