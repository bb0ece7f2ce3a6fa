import { useMutation, useQuery } from '@tanstack/react-query';
import { authApi, type BodyOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

/** Reads the link's state; opening the link changes nothing on the server. */
export function usePasswordChangeLink(token: string) {
  return useQuery({
    queryKey: ['action-by-link', 'password-change', token],
    queryFn: ({ signal }) => call(authApi.passwordChangeLinkState, { params: { token } }, { signal, notifyErrors: false }),
    retry: false,
    staleTime: Infinity,
  });
}

export function usePasswordChangeByLink() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof authApi.passwordChangeByLink>) => call(authApi.passwordChangeByLink, { body }, { notifyErrors: false }),
  });
}
