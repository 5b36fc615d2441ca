import { Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../lib/redirect';

/** /signin once signed in: on to the `redirect` address if given, else the profile (spec §2). */
export function SignedInRedirect() {
  const [params] = useSearchParams();
  return <Navigate to={safeRedirect(params.get('redirect')) ?? '/profile'} replace />;
}
