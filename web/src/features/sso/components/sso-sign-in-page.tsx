import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ssoContract } from '../../../../../shared/contract/sso';
import { ApiCallError, call } from '../../../api/client';
import { PageTitle } from '../../../components/page-title';
import { setError } from '../../../lib/app-state';
import { paths } from '../../../lib/routing/paths';
import { rememberForumOrigin } from '../forum-origin';
import { forumLoginUrl, readSsoRequest, ssoMessages } from '../sso-urls';

/**
 * /ssosignin?sso=…&sig=… signed in: exchange the forum's request for the signed identity and go
 * back to the forum with it. A failure shows the server's message, or "No response from sso server".
 */
export default function SsoSignInPage() {
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(false);
  // The forum's nonce is single use: one exchange per visit, also under StrictMode's double effects.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => {
      setError(message);
      setFailed(true);
    };
    const request = readSsoRequest(params);
    if (!request) {
      fail(ssoMessages.malformed);
      return;
    }
    call(ssoContract, 'sso_sign_in', request).then(
      (answer) => {
        const target = forumLoginUrl(answer.return_sso_url, answer.sso, answer.sig);
        if (!target) {
          fail(ssoMessages.malformed);
          return;
        }
        rememberForumOrigin(target);
        window.location.assign(target);
      },
      (error: unknown) => {
        // A session error signs out and reloads (the API client does it); nothing to show here.
        if (error instanceof ApiCallError && error.httpStatus === 401) return;
        fail(error instanceof ApiCallError && error.fromServer ? error.message : ssoMessages.noResponse);
      },
    );
  }, [params]);

  return (
    <>
      <PageTitle />
      {failed ? (
        <Stack gap="xs">
          <Text>Signing in to the forum did not work.</Text>
          <Anchor component={Link} to={paths.profile} size="sm">
            Go to your profile
          </Anchor>
        </Stack>
      ) : (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>Signing you in to the forum…</Text>
        </Group>
      )}
    </>
  );
}
