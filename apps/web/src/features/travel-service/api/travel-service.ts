import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { travelServiceApi, type BodyOf, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

/** Every travel-service query of the ordering side; a save or an item action refreshes them all. */
export const TRAVEL_SERVICE_KEY = ['travel-service'] as const;

export type TravelServiceListQuery = QueryOf<typeof travelServiceApi.list>;
export type TravelServiceOrderBody = BodyOf<typeof travelServiceApi.editServiceOrder>;

export function useTravelServiceList(query: TravelServiceListQuery, enabled = true) {
  return useQuery({
    queryKey: [...TRAVEL_SERVICE_KEY, 'list', query],
    queryFn: ({ signal }) => call(travelServiceApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTravelServiceOrder(id: number | null) {
  return useQuery({
    queryKey: [...TRAVEL_SERVICE_KEY, 'one', id],
    queryFn: ({ signal }) =>
      call(travelServiceApi.getServiceOrder, { query: { id: id! } }, { signal, notifyErrors: false }),
    enabled: id !== null && Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** The order form's choices: travellers, extra fields, contractors, projects, cost centres and the company's travel settings. */
export function useTravelServiceBasicData() {
  return useQuery({
    queryKey: [...TRAVEL_SERVICE_KEY, 'basic-data'],
    queryFn: ({ signal }) => call(travelServiceApi.basicData, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSaveTravelServiceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TravelServiceOrderBody) =>
      call(travelServiceApi.editServiceOrder, { body }, { notifyErrors: false }),
    onSuccess: (answer) => {
      if (answer.status === 'OK') void client.invalidateQueries({ queryKey: TRAVEL_SERVICE_KEY });
    },
  });
}

export type ClientItemAction = BodyOf<typeof travelServiceApi.itemAction>['action'];

/** An action of the ordering side on one service (clarification given, buyout or cancellation requested, cancelled). */
export function useClientItemAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof travelServiceApi.itemAction>) =>
      call(travelServiceApi.itemAction, { body }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: TRAVEL_SERVICE_KEY }),
  });
}

/** Marks messages of an order read for the user; the order and the list's unread counts follow. */
export function useMarkMessagesRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof travelServiceApi.markMessagesRead>) => call(travelServiceApi.markMessagesRead, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: TRAVEL_SERVICE_KEY }),
  });
}
