import { AppShell, Burger, Group, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
// The date fields' calendar (components/date-field.tsx): signed-in forms only, so not on the sign-in route.
import '@mantine/dates/styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { PageErrorBanner } from '../components/error-banner';
import { ErrorBoundary } from '../components/error-boundary';
import { LocationNotice } from '../components/location-notice';
import { Logo } from '../components/logo';
import { PageLoader } from '../components/page-loader';
import { ResultPlaceProvider } from '../lib/forms/result-place';
import { AdminAuthenticatorGate } from '../features/authenticator/components/admin-authenticator-gate';
import type { RouteDeclaration } from '../lib/routing/route-declaration';
import { useSession } from '../session/session';
import { menuCurrent, menuSections, type NavItem } from './menu';
import { createQueryClient } from './query-client';
import { RoutePage } from './route-page';
import { SIGNED_IN_FALLBACK, routes, loadOrganisationAdminSections, loadUserDetailSections } from './routes';
import { MOBILE_BREAKPOINT } from '../lib/breakpoints';
import classes from './signed-in-app.module.css';
import { useCmdQuery } from '../api/cmd-query';
import { userContract } from '../../../shared/contract/user';
import { UserDetailSectionsProvider } from '../features/admin-users';
import { OrganisationAdminSectionsProvider } from '../features/organisations';

/**
 * Admin-only routes refuse everyone but members of Admin: they go to the signed-in fallback. A member
 * without an authenticator is shown its set-up first. The API refuses both too.
 */
function AdminOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session?.isAdmin) return <Navigate to={SIGNED_IN_FALLBACK} replace />;
  return <AdminAuthenticatorGate>{children}</AdminAuthenticatorGate>;
}

/** The legacy purchase page exists only for a user whose profile has the legacy flag set. */
function LegacyOnly({ children }: { children: ReactNode }) {
  const profile = useCmdQuery(userContract, 'get_user_profile', {});
  if (profile.isPending) return <PageLoader />;
  return profile.data?.legacy ? children : <Navigate to={SIGNED_IN_FALLBACK} replace />;
}

/**
 * A declared route as the signed-in router serves it: a signed-out route only if it says what a signed-in
 * visit shows (else the path falls to the fallback); admin and legacy routes behind their checks.
 */
function signedInRoute(route: RouteDeclaration) {
  if (route.access === 'signed-out') {
    const WhenSignedIn = route.whenSignedIn;
    return WhenSignedIn ? <Route key={route.path} path={route.path} element={<WhenSignedIn />} /> : null;
  }
  let element = <RoutePage route={route} />;
  if (route.access === 'admin') element = <AdminOnly>{element}</AdminOnly>;
  if (route.access === 'legacy') element = <LegacyOnly>{element}</LegacyOnly>;
  return <Route key={route.path} path={route.path} element={element} />;
}

function MenuLinks({ links, pathname }: { links: readonly NavItem[]; pathname: string }) {
  return links.map((link) => {
    // The page's own entry is the current page; the entry a page belongs under is the current section.
    const current = menuCurrent(routes, pathname, link.to);
    return (
      <NavLink
        key={link.to}
        component={Link}
        to={link.to}
        label={link.label}
        active={current !== null}
        aria-current={current === 'page' ? 'page' : current === 'section' ? 'true' : undefined}
      />
    );
  });
}

function Shell() {
  const session = useSession();
  const profile = useCmdQuery(userContract, 'get_user_profile', {});
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);

  const menu = menuSections(routes, { isAdmin: session?.isAdmin === true, legacy: profile.data?.legacy === true });

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
          <MenuLinks links={menu.user} pathname={pathname} />
          {menu.admin.length > 0 && (
            <>
              <Text component="h2" size="sm" fw={700} c="dimmed" px="sm" mt="md" mb={4}>
                Admin
              </Text>
              <MenuLinks links={menu.admin} pathname={pathname} />
            </>
          )}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <PageErrorBanner />
        <LocationNotice />
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Routes>
              {routes.map(signedInRoute)}
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
      {/* Results and confirmations of signed-in actions: notifications stay in view wherever the page is
          scrolled; confirmation dialogs (components/confirm.tsx) open over any page. */}
      <Notifications position="top-right" />
      <ModalsProvider>
        <ResultPlaceProvider place="notifications">
          <UserDetailSectionsProvider value={loadUserDetailSections}>
            <OrganisationAdminSectionsProvider value={loadOrganisationAdminSections}>
              <Shell />
            </OrganisationAdminSectionsProvider>
          </UserDetailSectionsProvider>
        </ResultPlaceProvider>
      </ModalsProvider>
    </QueryClientProvider>
  );
}
