import { useMutation } from '@tanstack/react-query';
import type { authApi, BodyOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';
import { loadAuthApi } from '../../../lib/auth-endpoints.ts';

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
