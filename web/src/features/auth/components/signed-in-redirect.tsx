import { Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../lib/redirect';
import { paths } from '../../../lib/routing/paths';

/** /signin once signed in: on to the `redirect` address if given, else the profile. */
export function SignedInRedirect() {
  const [params] = useSearchParams();
  return <Navigate to={safeRedirect(params.get('redirect')) ?? paths.profile} replace />;
}
