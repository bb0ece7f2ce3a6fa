import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { exchangeRateApi, type BodyOf, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

const KEY = ['exchange-rates'] as const;

export function useExchangeRates(query: QueryOf<typeof exchangeRateApi.list>) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => call(exchangeRateApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveExchangeRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof exchangeRateApi.save>) => call(exchangeRateApi.save, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteExchangeRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(exchangeRateApi.delete, { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** One import window; the dialog shows its failures itself, so the client does not notify them. */
export function importNbpWindow(body: BodyOf<typeof exchangeRateApi.importNbp>, signal: AbortSignal) {
  return call(exchangeRateApi.importNbp, { body }, { signal, notifyErrors: false });
}

export function useInvalidateExchangeRates() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: KEY });
}
