import { Alert, Button, Stack, Text } from '@mantine/core';
import { ApiCallError } from '../../../api/client';
import { clearError, setError } from '../../../lib/app-state';
import { PageTitle } from '../../../components/page-title';
import { formatDate } from '../../../lib/dates';
import { useDeleteUserAccount } from '../api/delete-user-account';
import { deleteAccountTexts } from '../texts';

/**
 * Delete account (spec §2): what deletion means, the button "Request deletion of account", and afterwards
 * the confirmation that the account will be deleted within two working days.
 */
export default function DeleteAccountPage() {
  const request = useDeleteUserAccount();

  const ask = () => {
    clearError();
    request.mutate(undefined, {
      onError: (error) =>
        setError(error instanceof ApiCallError && error.fromServer ? error.message : deleteAccountTexts.failed),
    });
  };

  return (
    <>
      <PageTitle>Delete account</PageTitle>
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
              <Button color="red" loading={request.isPending} onClick={ask}>
                Request deletion of account
              </Button>
            </div>
          </>
        )}
      </Stack>
    </>
  );
}
