import { Box, Container, Group, Paper, Title } from '@mantine/core';
import { Suspense } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { PageErrorBanner } from '../components/error-banner';
import { LocationNotice } from '../components/location-notice';
import { Logo } from '../components/logo';
import { PageLoader } from '../components/page-loader';
import { signInPathFor } from '../lib/redirect';
import { RoutePage } from './route-page';
import { signedOutRoutes } from './routes';

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
          <PageErrorBanner />
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
 * Any other signed-out path goes to /signin, remembering where the visit was headed; for
 * /ssosignin that is the single sign-on request, taken up again once signed in.
 */
function ToSignIn() {
  const { pathname, search } = useLocation();
  return <Navigate to={signInPathFor(pathname + search)} replace />;
}

/** The signed-out routes, from the features' declarations; any other path goes to sign-in. */
export function SignedOutApp() {
  return (
    <Routes>
      <Route element={<SignedOutLayout />}>
        {signedOutRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
        ))}
      </Route>
      <Route path="*" element={<ToSignIn />} />
    </Routes>
  );
}
