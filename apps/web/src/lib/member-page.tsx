import { type ReactNode, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from './paths.ts';
import { useIsSignedIn } from './session.ts';

/**
 * A page of the member's own money or records: a visitor without a session goes to login and
 * comes back; a session that ends on the page leaves the redirect to the shared behaviours.
 */
export function MemberPage({ children }: { children: ReactNode }) {
  const isSignedIn = useIsSignedIn();
  const [wasSignedInAtOpen] = useState(isSignedIn);
  const location = useLocation();
  if (!wasSignedInAtOpen) {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  return isSignedIn ? <div className="site-page">{children}</div> : null;
}
