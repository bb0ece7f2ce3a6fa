import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi, twoFactorApi, type BodyOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

/** The second step's failures are shown at the code field or as the login dialogs, so no notifications here. */
export function useSignInWithCode() {
  return useMutation({ mutationFn: (body: BodyOf<typeof authApi.signInWithCode>) => call(authApi.signInWithCode, { body }, { notifyErrors: false }) });
}

export function useSignInEnrolmentStart() {
  return useMutation({ mutationFn: (body: BodyOf<typeof authApi.signInEnrolmentStart>) => call(authApi.signInEnrolmentStart, { body }, { notifyErrors: false }) });
}

export function useSignInEnrolmentConfirm() {
  return useMutation({ mutationFn: (body: BodyOf<typeof authApi.signInEnrolmentConfirm>) => call(authApi.signInEnrolmentConfirm, { body }, { notifyErrors: false }) });
}

const statusKey = ['profile', 'two-factor'] as const;

export function useTwoFactorStatus() {
  return useQuery({ queryKey: statusKey, queryFn: ({ signal }) => call(twoFactorApi.status, undefined, { signal }) });
}

export function useTwoFactorStart() {
  return useMutation({ mutationFn: () => call(twoFactorApi.start, undefined) });
}

/** The profile's changes of the factor; each refreshes the status shown. Field errors are shown at their fields. */
export function useTwoFactorConfirm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof twoFactorApi.confirm>) => call(twoFactorApi.confirm, { body }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: statusKey }),
  });
}

export function useTwoFactorDisable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof twoFactorApi.disable>) => call(twoFactorApi.disable, { body }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: statusKey }),
  });
}

export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof twoFactorApi.regenerateRecoveryCodes>) => call(twoFactorApi.regenerateRecoveryCodes, { body }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: statusKey }),
  });
}
