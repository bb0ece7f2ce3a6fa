import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSession, type SessionResponse } from '../../lib/session.tsx';
import { PageSpinner } from './page-spinner.tsx';

/**
 * A route that switches the account the session acts as (back from a colleague's account, back to the
 * admin context) as soon as it opens, then goes on to `next`; back where it came from if refused.
 */
export function AccountSwitchPage({ switchAccountCall, next, label }: { switchAccountCall: () => Promise<SessionResponse>; next: string; label: string }) {
  const { switchAccount } = useSession();
  const navigate = useNavigate();
  // Development StrictMode runs effects twice; one switch is enough.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    switchAccountCall().then(
      (session) => {
        switchAccount(session);
        navigate(next, { replace: true });
      },
      () => navigate(-1),
    );
  }, [switchAccountCall, switchAccount, navigate, next]);

  return <PageSpinner label={label} />;
}
