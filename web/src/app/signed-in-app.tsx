import { AppShell, Burger, Group, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { ErrorBanner } from '../components/error-banner';
import { ErrorBoundary } from '../components/error-boundary';
import { LocationNotice } from '../components/location-notice';
import { Logo } from '../components/logo';
import { PageLoader } from '../components/page-loader';
import { PlaceholderPage } from '../components/placeholder-page';
import { SignOutPage } from '../features/auth/components/sign-out-page';
import { SignedInRedirect } from '../features/auth/components/signed-in-redirect';
import { useUserProfile } from '../features/profile/api/get-user-profile';
import { useSession } from '../session/session';
import { adminNavLinks, isActive, userNavLinks, type NavItem } from './nav-links';
import { createQueryClient } from './query-client';
import { SIGNED_IN_FALLBACK, adminTitleOnlyRoutes, legacyRoute, userTitleOnlyRoutes } from './routes';
import { MOBILE_BREAKPOINT } from './theme';
import classes from './signed-in-app.module.css';

// Each page is its own chunk: the shell paints first, a page loads when it is visited.
const ProfilePage = lazy(() => import('../features/profile/components/profile-page'));
const ChangePasswordPage = lazy(() => import('../features/auth/components/change-password-page'));
const DeleteAccountPage = lazy(() => import('../features/account/components/delete-account-page'));
const SsoSignInPage = lazy(() => import('../features/sso/components/sso-sign-in-page'));
const SsoSignOutPage = lazy(() => import('../features/sso/components/sso-sign-out-page'));

/** Admin-only routes refuse everyone else (spec §6): they go to /download. The API refuses too. */
function AdminOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  return session?.isAdmin ? children : <Navigate to={SIGNED_IN_FALLBACK} replace />;
}

/** The legacy purchase page exists only for a user whose profile has the legacy flag (spec §6). */
function LegacyOnly({ children }: { children: ReactNode }) {
  const profile = useUserProfile();
  if (profile.isPending) return <PageLoader />;
  return profile.data?.legacy ? children : <Navigate to={SIGNED_IN_FALLBACK} replace />;
}

function MenuLinks({ links, pathname }: { links: readonly NavItem[]; pathname: string }) {
  return links.map((link) => (
    <NavLink key={link.to} component={Link} to={link.to} label={link.label} active={isActive(pathname, link.to)} />
  ));
}

function Shell() {
  const session = useSession();
  const profile = useUserProfile();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);

  // On a phone the menu closes once a page is chosen.
  useEffect(close, [pathname, close]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: MOBILE_BREAKPOINT, collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              size="sm"
              className={classes.burger}
              aria-label="Toggle navigation"
              aria-expanded={opened}
              aria-controls="main-menu"
            />
            <Logo />
            <Title order={1} size="h4">
              User Management
            </Title>
          </Group>
          <Text size="sm" c="dimmed" className={classes.username} truncate>
            {session?.username}
          </Text>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        p="xs"
        id="main-menu"
        aria-label="Main menu"
        className={classes.navbar}
        data-mobile-collapsed={!opened || undefined}
      >
        <AppShell.Section grow component={ScrollArea}>
          <MenuLinks links={userNavLinks({ legacy: profile.data?.legacy === true })} pathname={pathname} />
          {session?.isAdmin && (
            <>
              <Text component="h2" size="sm" fw={700} c="dimmed" px="sm" mt="md" mb={4}>
                Admin
              </Text>
              <MenuLinks links={adminNavLinks} pathname={pathname} />
            </>
          )}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <ErrorBanner />
        <LocationNotice />
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Routes>
              <Route path="/signin" element={<SignedInRedirect />} />
              <Route path="/profile" element={<ProfilePage />} />
              <Route path="/changepassword" element={<ChangePasswordPage />} />
              <Route path="/deleteaccount" element={<DeleteAccountPage />} />
              <Route path="/ssosignin" element={<SsoSignInPage />} />
              <Route path="/ssosignout" element={<SsoSignOutPage />} />
              {userTitleOnlyRoutes.map(({ path, title }) => (
                <Route key={path} path={path} element={<PlaceholderPage title={title} />} />
              ))}
              <Route
                path={legacyRoute.path}
                element={
                  <LegacyOnly>
                    <PlaceholderPage title={legacyRoute.title} />
                  </LegacyOnly>
                }
              />
              {adminTitleOnlyRoutes.map(({ path, title }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <AdminOnly>
                      <PlaceholderPage title={title} />
                    </AdminOnly>
                  }
                />
              ))}
              <Route path="/signout" element={<SignOutPage />} />
              <Route path="*" element={<Navigate to={SIGNED_IN_FALLBACK} replace />} />
            </Routes>
          </Suspense>
        </ErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}

/** The signed-in application (loaded lazily, after sign-in): server state, the shell and its routes. */
export default function SignedInApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}
