import { Suspense, lazy } from 'react';
import { BrowserRouter } from 'react-router';
import { ClearErrorOnNavigate } from '../components/clear-error-on-navigate';
import { ErrorBoundary } from '../components/error-boundary';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../session/session';
import { SignedOutApp } from './signed-out-app';

// The signed-in application is a separate chunk: the sign-in page does not load it, so it paints sooner.
const SignedInApp = lazy(() => import('./signed-in-app'));

/** Whether someone is signed in decides which routes exist. */
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
