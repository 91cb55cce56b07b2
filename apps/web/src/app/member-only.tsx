import { type ReactNode, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from '../lib/paths.ts';
import { useIsSignedIn } from '../lib/session.ts';

/**
 * The gate of member-only routes: a visitor without a session goes to login and comes back,
 * before the page asks the API anything; a session that ends on the page (auth error, 6001,
 * logout) leaves the redirect to the shared behaviours.
 */
export function MemberOnly({ children }: { children: ReactNode }) {
  const isSignedIn = useIsSignedIn();
  const [wasSignedInAtOpen] = useState(isSignedIn);
  const location = useLocation();
  if (!wasSignedInAtOpen) {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  return isSignedIn ? children : null;
}
