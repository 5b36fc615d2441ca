import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { withNotice } from '../../../components/location-notice';
import { getConfig } from '../../../config';
import { redirectMessages } from '../../../lib/redirect';
import { paths } from '../../../lib/routing/paths';
import { getSession } from '../../../session/session';
import { signOutEverywhere } from '../../../session/sign-out-everywhere';
import { rememberedForumOrigin } from '../forum-origin';
import { ssoSignOutRedirect } from '../sso-urls';

/**
 * /ssosignout?redirect=… (the forum's logout redirect): ends the portal session, then goes to `redirect`
 * if it is this site, a site the operator allows or the forum this browser signed in to, else to /signin.
 * A refused address is named on /signin: signing out reloads this same address, and the signed-out
 * visit then goes to /signin with the notice.
 */
export default function SsoSignOutPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const decision = ssoSignOutRedirect(
      params.get('redirect'),
      window.location.origin,
      getConfig().redirectOrigins,
      rememberedForumOrigin(),
    );
    const refused = decision !== null && 'refused' in decision;
    const target = decision && 'to' in decision ? decision.to : paths.signIn;
    if (getSession()) void signOutEverywhere(refused ? window.location.href : target);
    else if (refused) void navigate(paths.signIn, { replace: true, ...withNotice(redirectMessages.refused) });
    else window.location.replace(target);
  }, [params, navigate]);
  return <Text c="dimmed">Signing out…</Text>;
}
