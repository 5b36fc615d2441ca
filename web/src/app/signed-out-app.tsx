import { Box, Container, Group, Paper, Title } from '@mantine/core';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { ErrorBanner } from '../components/error-banner';
import { Logo } from '../components/logo';
import { PlaceholderPage } from '../components/placeholder-page';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { signInPathFor } from './redirect';

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
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Outlet />
          </Paper>
        </main>
      </Container>
    </Box>
  );
}

/** Any other signed-out path goes to /signin (spec §2), remembering where the visit was headed. */
function ToSignIn() {
  const { pathname, search } = useLocation();
  return <Navigate to={signInPathFor(pathname + search)} replace />;
}

/** The signed-out routes (spec §2). Register, verify and recovery screens arrive with issue 3. */
export function SignedOutApp() {
  return (
    <Routes>
      <Route element={<SignedOutLayout />}>
        <Route path="/signin" element={<SignInPage />} />
        <Route path="/register" element={<PlaceholderPage title="Create account" />} />
        <Route path="/verify" element={<PlaceholderPage title="Verify account" />} />
        <Route path="/forgotpassword" element={<PlaceholderPage title="Forgot password" />} />
        <Route path="/recoverpassword" element={<PlaceholderPage title="Recover password" />} />
      </Route>
      <Route path="*" element={<ToSignIn />} />
    </Routes>
  );
}
