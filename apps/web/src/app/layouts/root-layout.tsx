import { Outlet } from 'react-router';
import { SessionProvider } from '../../lib/session.tsx';
import { ApiClientBridge } from '../api-client-bridge.tsx';

/** Inside the router, so the session and the api bridge can navigate (login, logout, 401). */
export function RootLayout() {
  return (
    <SessionProvider>
      <ApiClientBridge />
      <Outlet />
    </SessionProvider>
  );
}
