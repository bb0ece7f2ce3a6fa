import { useMutation, useQuery } from '@tanstack/react-query';
import type { authApi, BodyOf } from '@delego/contract';
import { GENERAL_SETTINGS_PATH, readGeneralSettings } from '@delego/contract/general-settings';
import { API_BASE_PATH, call } from '../../../lib/api-client.ts';
import { loadAuthApi } from '../../../lib/auth-endpoints.ts';

/** Login failures are shown as dialogs by the login screen, so no notifications here. */
export function useLogin() {
  return useMutation({
    mutationFn: async (body: BodyOf<typeof authApi.login>) => call((await loadAuthApi()).login, { body }, { notifyErrors: false }),
  });
}

export function useChangeExpiredPassword() {
  return useMutation({
    mutationFn: async (body: BodyOf<typeof authApi.changeExpiredPassword>) =>
      call((await loadAuthApi()).changeExpiredPassword, { body }, { notifyErrors: false }),
  });
}

export function usePasswordForgotten() {
  return useMutation({
    mutationFn: async (body: BodyOf<typeof authApi.passwordForgotten>) => call((await loadAuthApi()).passwordForgotten, { body }, { notifyErrors: false }),
  });
}

/**
 * Login-page flags; without them the page still works with the defaults. Read without the contract's schema, which
 * would bring zod to the login route as the page appears (issue 13).
 */
export function useGeneralSettings() {
  return useQuery({
    queryKey: ['auth', 'general-settings'],
    queryFn: async ({ signal }) => {
      const response = await fetch(`${API_BASE_PATH}${GENERAL_SETTINGS_PATH}`, { headers: { Accept: 'application/json' }, signal });
      const settings = response.ok ? readGeneralSettings(await response.json()) : null;
      if (!settings) throw new Error(`The general settings were not answered (HTTP ${response.status})`);
      return settings;
    },
    staleTime: Infinity,
    retry: false,
  });
}
