import { useQuery, useQueryClient } from '@tanstack/react-query';
import { delegationOrderApi, locationApi } from '@delego/contract';
import type { TransportType } from '@delego/domain';
import { call } from '../../lib/api-client.ts';
import { useDelegationOrder } from '../delegation-order/api/use-delegation-orders.ts';
import type { TripDefaults } from './order-form-model.ts';

/** The city of the location list a trip order's place text names (its first match), or null. */
function usePlaceOf(text: string | null | undefined, enabled: boolean) {
  const client = useQueryClient();
  const query = text?.trim() ?? '';
  return useQuery({
    queryKey: ['locations', 'first-city', query],
    queryFn: async ({ signal }) => {
      const found = (await call(locationApi.search, { query: { query, types: 'city' } }, { signal, notifyErrors: false })).items[0];
      // The location field then shows the place by its id without asking the server again.
      if (found) client.setQueryData(['locations', 'one', found.id], found);
      return found?.id ?? null;
    },
    enabled: enabled && query !== '',
    staleTime: Infinity,
  });
}

/**
 * A travel-service order started from a trip order (`/travel-service/new?delegation_order={id}`)
 * takes its worker, its days and, where the location list knows them, the places it starts from
 * and goes to. A trip order the user cannot read gives nothing to fill in.
 */
export function useTripDefaults(tripId: number): { isLoading: boolean; defaults: TripDefaults | null } {
  const enabled = Number.isInteger(tripId) && tripId > 0;
  const trip = useDelegationOrder(enabled ? tripId : 0);
  const order = trip.data?.delegationOrder;
  const from = usePlaceOf(order?.start_place_text, Boolean(order));
  const to = usePlaceOf(order?.destinations[0]?.place_text ?? order?.destinationText, Boolean(order));
  if (!enabled) return { isLoading: false, defaults: null };
  if (trip.isPending || (order && (from.isLoading || to.isLoading)))
    return { isLoading: !trip.isError, defaults: null };
  if (!order || order.id === undefined) return { isLoading: false, defaults: null };
  return {
    isLoading: false,
    defaults: {
      delegation_order_id: order.id,
      number: order.number,
      user_id: order.user_id,
      start_date: order.start_date?.slice(0, 10) ?? null,
      end_date: order.end_date?.slice(0, 10) ?? null,
      from_place_id: from.data ?? null,
      to_place_id: to.data ?? null,
      allowed_transport: order.allowed_transport,
    },
  };
}

/**
 * The transport the trip order an edited travel-service order is linked to allows (spec §5: other
 * transport is warned about as soon as it is chosen). Null while unknown, without a link, or when the
 * user may not read that trip order — the server still warns on saving.
 */
export function useLinkedTripTransport(tripId: number | null): readonly TransportType[] | null {
  const enabled = tripId !== null && Number.isInteger(tripId) && tripId > 0;
  const trip = useQuery({
    queryKey: ['delegation-orders', 'one', tripId],
    queryFn: ({ signal }) => call(delegationOrderApi.edit, { body: { id: tripId! } }, { signal, notifyErrors: false }),
    enabled,
    retry: false,
  });
  return enabled ? (trip.data?.delegationOrder.allowed_transport ?? null) : null;
}
