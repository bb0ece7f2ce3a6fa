import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { travelServiceApi, type BodyOf } from '@delego/contract';
import { call } from '../../../../lib/api-client.ts';

/** The ordering side's travel-service queries (the list and form share the prefix): a choice, decision or request refreshes them all. */
const KEY = ['travel-service'] as const;

export function useServiceOrder(id: number) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => call(travelServiceApi.getServiceOrder, { query: { id } }, { signal, notifyErrors: false }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

export function useChooseOffers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof travelServiceApi.chooseOffers>) => call(travelServiceApi.chooseOffers, { body }, { notifyErrors: false }),
    onSuccess: (answer) => {
      if (answer.status === 'OK') void client.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useTravelApproval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof travelServiceApi.decide>) => call(travelServiceApi.decide, { body }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useClientItemAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof travelServiceApi.itemAction>) => call(travelServiceApi.itemAction, { body }, { notifyErrors: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
