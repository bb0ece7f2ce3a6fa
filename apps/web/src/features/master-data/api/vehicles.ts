import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { userOptionsApi, vehicleApi, type BodyOf, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';
import { USER_EDITOR_KEY } from './keys.ts';
import { useInvalidatingMutation } from './mutations.ts';

const KEY = ['master-data', 'vehicles'] as const;

export function useVehicles(query: QueryOf<typeof vehicleApi.list>) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => call(vehicleApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveVehicle() {
  return useInvalidatingMutation((body: BodyOf<typeof vehicleApi.save>) => call(vehicleApi.save, { body }), [KEY, USER_EDITOR_KEY]);
}

export function useDeleteVehicle() {
  return useInvalidatingMutation((id: number) => call(vehicleApi.delete, { body: { id } }), [KEY, USER_EDITOR_KEY]);
}

/** Users matching a typed text, for choosing a vehicle owner or an acceptor; `id` keeps the current choice listed. */
export function useUserOptions(search: string, id?: number) {
  return useQuery({
    queryKey: ['master-data', 'user-options', search, id],
    queryFn: ({ signal }) => call(userOptionsApi.search, { query: { search: search || undefined, id } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
