import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '@tessera/kit';
import { useFlag } from './data/status';

/** What a visitor may still reach when the brand sends visitors to log in first (SPEC §2). */
export const OPEN_PATHS: readonly string[] = ['/login', '/register', '/register.html', '/helpmc', '/download'];

/** With LOGINEDTOHOMEPAGE on, a visitor without a session token is sent to /login from anywhere else. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const loginFirst = useFlag('LOGINEDTOHOMEPAGE');
  const session = useSession();
  const { pathname } = useLocation();
  if (loginFirst && !session?.token && !OPEN_PATHS.includes(pathname)) return <Navigate to="/login" replace />;
  return children;
}
