import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { systemSettingsApi, type BodyOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

const settingsKey = ['company-admin', 'system-settings'] as const;

export function useSystemSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => call(systemSettingsApi.get, undefined, { signal }),
    staleTime: Infinity,
  });
}

export function useSaveSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof systemSettingsApi.save>) => call(systemSettingsApi.save, { body }),
    onSuccess: (answer) => queryClient.setQueryData(settingsKey, { settings: answer.settings }),
  });
}
