import { useMutation, useQuery } from '@tanstack/react-query';
import { authApi, type BodyOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

/** Login failures are shown as dialogs by the login screen, so no notifications here. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.login>) => call(authApi.login, { body }, { notifyErrors: false }),
  });
}

export function useChangeExpiredPassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.changeExpiredPassword>) =>
      call(authApi.changeExpiredPassword, { body }, { notifyErrors: false }),
  });
}

export function usePasswordForgotten() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.passwordForgotten>) => call(authApi.passwordForgotten, { body }, { notifyErrors: false }),
  });
}

/** Login-page flags; without them the page still works with the defaults. */
export function useGeneralSettings() {
  return useQuery({
    queryKey: ['auth', 'general-settings'],
    queryFn: ({ signal }) => call(authApi.generalSettings, undefined, { signal, notifyErrors: false }),
    staleTime: Infinity,
    retry: false,
  });
}
