import { useEffect, useState } from 'react';
import type { authApi, BodyOf, ResponseOf } from '@delego/contract';
import { GENERAL_SETTINGS_PATH, readGeneralSettings, type GeneralSettings } from '@delego/contract/general-settings';
import { API_BASE_PATH, call } from '../../../lib/api-client.ts';
import { loadAuthApi } from '../../../lib/auth-endpoints.ts';
import { onSessionDataDropped } from '../../../lib/session-data.ts';

// The login page's own calls, without TanStack Query, which arrives with the first screen beyond it (issue 13).

/** Login failures are shown as dialogs by the login screen, so no notifications here. */
export async function signIn(body: BodyOf<typeof authApi.login>): Promise<ResponseOf<typeof authApi.login>> {
  return call((await loadAuthApi()).login, { body }, { notifyErrors: false });
}

/** The flags once answered: asked again at the next visit of the page after a failure, and after a session's end. */
let answered: GeneralSettings | null = null;
onSessionDataDropped(() => (answered = null));

/**
 * Login-page flags, null until answered; without them the page still works with the defaults. Read without the
 * contract's schema, which would bring zod to the login route as the page appears (issue 13).
 */
export function useGeneralSettings(): GeneralSettings | null {
  const [settings, setSettings] = useState(answered);
  useEffect(() => {
    if (answered) return;
    const abort = new AbortController();
    fetch(`${API_BASE_PATH}${GENERAL_SETTINGS_PATH}`, { headers: { Accept: 'application/json' }, signal: abort.signal })
      .then(async (response) => (response.ok ? readGeneralSettings(await response.json()) : null))
      .then((read) => {
        if (!read) return;
        answered = read;
        setSettings(read);
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, []);
  return settings;
}
