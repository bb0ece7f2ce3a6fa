import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCompaniesApi, type BodyOf, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

const companiesKey = ['provider-admin', 'companies'] as const;
const defaultsKey = ['provider-admin', 'defaults'] as const;

export function useCompanyList(query: QueryOf<typeof adminCompaniesApi.list>) {
  return useQuery({
    queryKey: [...companiesKey, query],
    queryFn: ({ signal }) => call(adminCompaniesApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Field issues are shown at the fields of the new-company form, so they are not also notified. */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof adminCompaniesApi.create>) => call(adminCompaniesApi.create, { body }, { notifyErrors: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}

export function useSetCompanyActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof adminCompaniesApi.setActive>) => call(adminCompaniesApi.setActive, { body }, { notifyErrors: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}

export function useProviderDefaults() {
  return useQuery({ queryKey: defaultsKey, queryFn: ({ signal }) => call(adminCompaniesApi.getDefaults, undefined, { signal }), staleTime: Infinity });
}

export function useSaveProviderDefaults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof adminCompaniesApi.saveDefaults>) => call(adminCompaniesApi.saveDefaults, { body }),
    onSuccess: (answer) => queryClient.setQueryData(defaultsKey, { settings: answer.settings }),
  });
}
