import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../components/feedback/page-spinner.tsx';
import { loginPathFor } from '../lib/return-path.ts';
import { useSession } from '../lib/session.tsx';

/** Spec §6: without a session the user goes to login, with the way back in the address. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'notLogged') return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return children;
}
