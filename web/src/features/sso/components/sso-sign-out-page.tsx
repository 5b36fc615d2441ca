import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { getSession } from '../../../session/session';
import { signOutEverywhere } from '../../../session/sign-out-everywhere';
import { rememberedForumOrigin } from '../forum-origin';
import { ssoSignOutTarget } from '../sso-urls';

/**
 * /ssosignout?redirect=… (the forum's logout redirect): ends the portal session, then goes to `redirect`
 * if it is this site or the forum this browser signed in to, else to /signin.
 */
export default function SsoSignOutPage() {
  const [params] = useSearchParams();
  useEffect(() => {
    const target = ssoSignOutTarget(params.get('redirect'), window.location.origin, rememberedForumOrigin());
    if (getSession()) void signOutEverywhere(target);
    else window.location.replace(target);
  }, [params]);
  return <Text c="dimmed">Signing out…</Text>;
}
