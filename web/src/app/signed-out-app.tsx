import { Box, Container, Group, Paper, Title } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { ErrorBanner } from '../components/error-banner';
import { LocationNotice } from '../components/location-notice';
import { Logo } from '../components/logo';
import { PageLoader } from '../components/page-loader';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { signInPathFor } from '../lib/redirect';

// The sign-in form is in the first chunk; the other signed-out screens load when visited (design §9).
const RegisterPage = lazy(() => import('../features/auth/components/register-page'));
const VerifyPage = lazy(() => import('../features/auth/components/verify-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/components/forgot-password-page'));
const RecoverPasswordPage = lazy(() => import('../features/auth/components/recover-password-page'));
const SsoSignOutPage = lazy(() => import('../features/sso/components/sso-sign-out-page'));

function SignedOutLayout() {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-default-hover)" py={{ base: 'md', sm: 48 }}>
      <Container size={440} px="md">
        <Group gap="sm" mb="lg" justify="center" component="header">
          <Logo />
          <Title order={1} size="h3">
            User Management
          </Title>
        </Group>
        <main>
          <ErrorBanner />
          <LocationNotice />
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Paper>
        </main>
      </Container>
    </Box>
  );
}

/**
 * Any other signed-out path goes to /signin (spec §2), remembering where the visit was headed; for
 * /ssosignin that is the single sign-on request, taken up again once signed in.
 */
function ToSignIn() {
  const { pathname, search } = useLocation();
  return <Navigate to={signInPathFor(pathname + search)} replace />;
}

/** The signed-out routes (spec §2). */
export function SignedOutApp() {
  return (
    <Routes>
      <Route element={<SignedOutLayout />}>
        <Route path="/signin" element={<SignInPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/verify" element={<VerifyPage />} />
        <Route path="/forgotpassword" element={<ForgotPasswordPage />} />
        <Route path="/recoverpassword" element={<RecoverPasswordPage />} />
        <Route path="/ssosignout" element={<SsoSignOutPage />} />
      </Route>
      <Route path="/ssosignin" element={<ToSignIn />} />
      <Route path="*" element={<ToSignIn />} />
    </Routes>
  );
}
