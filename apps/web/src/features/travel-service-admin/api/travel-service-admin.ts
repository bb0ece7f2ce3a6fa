import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminTravelServiceApi, type BodyOf, type QueryOf } from '@delego/contract';
import { call } from '../../../lib/api-client.ts';

/** Every query of the consultants' screens; a saved offer or an item action refreshes them all. */
const KEY = ['travel-service-admin'] as const;

export type AdminTravelListQuery = QueryOf<typeof adminTravelServiceApi.list>;

export function useAdminTravelList(query: AdminTravelListQuery) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => call(adminTravelServiceApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminTravelOrder(id: number) {
  return useQuery({
    queryKey: [...KEY, 'order', id],
    queryFn: ({ signal }) => call(adminTravelServiceApi.getServiceOrder, { query: { id } }, { signal, notifyErrors: false }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useAdminTravelItem(id: number) {
  return useQuery({
    queryKey: [...KEY, 'item', id],
    queryFn: ({ signal }) => call(adminTravelServiceApi.getServiceOrderItem, { query: { id } }, { signal, notifyErrors: false }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useSaveOffers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof adminTravelServiceApi.saveOffers>) => call(adminTravelServiceApi.saveOffers, { body }, { notifyErrors: false }),
    onSuccess: (answer) => {
      if (answer.status === 'OK') void client.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useConsultantItemAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof adminTravelServiceApi.itemAction>) => call(adminTravelServiceApi.itemAction, { body }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useToggleItemNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(adminTravelServiceApi.toggleNotification, { body: { id } }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useAddItemBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof adminTravelServiceApi.addBooking>) => call(adminTravelServiceApi.addBooking, { body }, { notifyErrors: false }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: KEY }), client.invalidateQueries({ queryKey: ['bookings'] })]),
  });
}

/** Marks messages of an order read for the consultant; the order and its list follow. */
export function useAdminMarkMessagesRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof adminTravelServiceApi.markMessagesRead>) => call(adminTravelServiceApi.markMessagesRead, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
