import { useQuery } from '@tanstack/react-query';
import { travelServiceSettingsApi, type BodyOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';
import { SYSTEM_SETTINGS_KEY } from './keys.ts';
import { useInvalidatingMutation } from './mutations.ts';

const KEY = ['master-data', 'travel-service'] as const;

export function useTravelServiceAcceptors() {
  return useQuery({ queryKey: [...KEY, 'acceptors'], queryFn: ({ signal }) => call(travelServiceSettingsApi.acceptorList, undefined, { signal }) });
}

export function useAddTravelServiceAcceptor() {
  return useInvalidatingMutation((userId: number) => call(travelServiceSettingsApi.acceptorAdd, { body: { user_id: userId } }), [KEY]);
}

export function useRemoveTravelServiceAcceptor() {
  return useInvalidatingMutation((userId: number) => call(travelServiceSettingsApi.acceptorRemove, { body: { user_id: userId } }), [KEY]);
}

export function useTravelParameters() {
  return useQuery({ queryKey: [...KEY, 'parameters'], queryFn: ({ signal }) => call(travelServiceSettingsApi.parameterList, undefined, { signal }) });
}

export function useSaveTravelParameter() {
  return useInvalidatingMutation((body: BodyOf<typeof travelServiceSettingsApi.parameterSave>) => call(travelServiceSettingsApi.parameterSave, { body }), [KEY]);
}

export function useDeleteTravelParameter() {
  return useInvalidatingMutation((id: number) => call(travelServiceSettingsApi.parameterDelete, { body: { id } }), [KEY]);
}

export function useTravelMailSubject() {
  return useQuery({ queryKey: [...KEY, 'mail-subject'], queryFn: ({ signal }) => call(travelServiceSettingsApi.mailSubject, undefined, { signal }) });
}

export function useSaveTravelMailSubject() {
  return useInvalidatingMutation((template: string) => call(travelServiceSettingsApi.mailSubjectSave, { body: { template } }), [KEY]);
}

export function useTravelServiceSettings() {
  return useQuery({ queryKey: [...KEY, 'settings'], queryFn: ({ signal }) => call(travelServiceSettingsApi.additionalSettings, undefined, { signal }) });
}

/** The system-settings screen shows these keys too, so its cache is refreshed with them. */
export function useSaveTravelServiceSettings() {
  return useInvalidatingMutation(
    (body: BodyOf<typeof travelServiceSettingsApi.additionalSettingsSave>) => call(travelServiceSettingsApi.additionalSettingsSave, { body }),
    [KEY, SYSTEM_SETTINGS_KEY],
  );
}
