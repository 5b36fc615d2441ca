import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { clearError } from '../lib/app-state';

/** An error belongs to the page it happened on: moving to another page clears it. */
export function ClearErrorOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => clearError(), [pathname]);
  return null;
}
