import { useCallback } from 'react';
import { authApi } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';

/**
 * Re-reads the session user properties after a change that may touch the signed-in
 * administrator (their permissions, the session time, the module flags), so the menu and
 * the guards follow at once.
 */
export function useRefreshSessionUser(): () => Promise<void> {
  const { updateUser } = useSession();
  return useCallback(async () => {
    try {
      updateUser(await call(authApi.userProperties, undefined, { notifyErrors: false }));
    } catch {
      // The change is saved; the next token refresh or page load shows it.
    }
  }, [updateUser]);
}
