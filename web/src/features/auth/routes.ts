import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';
import { SignInPage } from './components/sign-in-page';
import { SignedInRedirect } from './components/signed-in-redirect';

/** Signing in, up and out, and the password screens. */
export const authRoutes = declareRoutes([
  // The sign-in form is in the first chunk: it paints without waiting for another download.
  { path: paths.signIn, title: 'Sign in', access: 'signed-out', page: SignInPage, whenSignedIn: SignedInRedirect },
  {
    path: paths.register,
    title: 'Create account',
    access: 'signed-out',
    page: lazy(() => import('./components/register-page')),
  },
  { path: paths.verify, title: 'Verify account', access: 'signed-out', page: lazy(() => import('./components/verify-page')) },
  {
    path: paths.forgotPassword,
    title: 'Forgot password',
    access: 'signed-out',
    page: lazy(() => import('./components/forgot-password-page')),
  },
  {
    path: paths.recoverPassword,
    title: 'Recover password',
    access: 'signed-out',
    page: lazy(() => import('./components/recover-password-page')),
  },
  {
    path: paths.changePassword,
    title: 'Change password',
    access: 'signed-in',
    page: lazy(() => import('./components/change-password-page')),
  },
  {
    path: paths.signOut,
    access: 'signed-in',
    menu: { section: 'user', label: 'Sign Out', order: 70 },
    page: lazy(() => import('./components/sign-out-page')),
  },
]);
