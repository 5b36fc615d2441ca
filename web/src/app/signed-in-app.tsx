import { AppShell, Burger, Group, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { ErrorBanner } from '../components/error-banner';
import { ErrorBoundary } from '../components/error-boundary';
import { Logo } from '../components/logo';
import { PageLoader } from '../components/page-loader';
import { PlaceholderPage } from '../components/placeholder-page';
import { SignOutPage } from '../features/auth/components/sign-out-page';
import { SignedInRedirect } from '../features/auth/components/signed-in-redirect';
import { useSession } from '../session/session';
import { userNavLinks } from './nav-links';
import { createQueryClient } from './query-client';
import { MOBILE_BREAKPOINT } from './theme';
import classes from './signed-in-app.module.css';

// Each page is its own chunk: the shell paints first, a page loads when it is visited.
const ProfilePage = lazy(() => import('../features/profile/components/profile-page'));

/** Signed-in screens not built yet (issue 3): title only. */
const placeholders: { path: string; title: string }[] = [
  { path: '/licenses', title: 'Licenses' },
  { path: '/myproducts', title: 'My products' },
  { path: '/download', title: 'Download' },
  { path: '/firmware', title: 'Firmware' },
  { path: '/cases', title: 'Cases' },
  { path: '/cases/:id', title: 'Case' },
  { path: '/changepassword', title: 'Change password' },
  { path: '/deleteaccount', title: 'Delete account' },
  { path: '/ivcurves', title: 'IV Curves' },
  { path: '/legacy', title: 'Buy legacy licenses' },
  { path: '/ssosignin', title: 'Single sign-on' },
  { path: '/ssosignout', title: 'Single sign-out' },
];

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

function Shell() {
  const session = useSession();
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

      <AppShell.Navbar p="xs" aria-label="Main menu">
        <AppShell.Section grow component={ScrollArea}>
          {userNavLinks.map((link) => (
            <NavLink key={link.to} component={Link} to={link.to} label={link.label} active={isActive(pathname, link.to)} />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <ErrorBanner />
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Routes>
              <Route path="/signin" element={<SignedInRedirect />} />
              <Route path="/profile" element={<ProfilePage />} />
              {placeholders.map(({ path, title }) => (
                <Route key={path} path={path} element={<PlaceholderPage title={title} />} />
              ))}
              <Route path="/signout" element={<SignOutPage />} />
              <Route path="*" element={<Navigate to="/download" replace />} />
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
