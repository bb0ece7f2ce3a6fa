import { useMutation, useQuery } from '@tanstack/react-query';
import type { authApi, BodyOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';
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

/** Login-page flags; without them the page still works with the defaults. */
export function useGeneralSettings() {
  return useQuery({
    queryKey: ['auth', 'general-settings'],
    queryFn: async ({ signal }) => call((await loadAuthApi()).generalSettings, undefined, { signal, notifyErrors: false }),
    staleTime: Infinity,
    retry: false,
  });
}
