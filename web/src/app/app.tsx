import { Suspense, lazy } from 'react';
import { BrowserRouter } from 'react-router';
import { ClearErrorOnNavigate } from '../components/clear-error-on-navigate';
import { ErrorBoundary } from '../components/error-boundary';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../session/session';
import { SignedOutApp } from './signed-out-app';

// The signed-in application is a separate chunk: the sign-in page does not load it (design §9).
const SignedInApp = lazy(() => import('./signed-in-app'));

/** Signed-in state decides the routes (spec §4). */
export function App() {
  const session = useSession();
  return (
    <BrowserRouter>
      <ClearErrorOnNavigate />
      <ErrorBoundary>
        {session ? (
          <Suspense fallback={<PageLoader />}>
            <SignedInApp />
          </Suspense>
        ) : (
          <SignedOutApp />
        )}
      </ErrorBoundary>
    </BrowserRouter>
  );
}
