import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { withNotice } from '../../../components/location-notice';
import { PageLoader } from '../../../components/page-loader';
import { getConfig } from '../../../config';
import { checkRedirect, leaveFor, redirectMessages } from '../../../lib/redirect';
import { paths } from '../../../lib/routing/paths';

/**
 * /signin once signed in: on to the `redirect` address if given (a path here, or a site the operator
 * allows), else the profile; a refused address leaves the user on the profile, which says so.
 */
export function SignedInRedirect() {
  const [params] = useSearchParams();
  const decision = checkRedirect(params.get('redirect'), window.location.origin, getConfig().redirectOrigins);
  const external = decision && 'to' in decision && decision.external ? decision.to : null;
  useEffect(() => {
    if (external) leaveFor(external);
  }, [external]);

  if (external) return <PageLoader />;
  if (decision && 'to' in decision) return <Navigate to={decision.to} replace />;
  if (decision) return <Navigate to={paths.profile} replace {...withNotice(redirectMessages.refused)} />;
  return <Navigate to={paths.profile} replace />;
}
