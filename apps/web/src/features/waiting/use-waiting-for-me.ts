import { useMemo } from 'react';
import { useCurrentUser } from '../../lib/session.tsx';
import { userHasModule, userHasPermission } from '../../lib/user-context.ts';
import { useAdvancesWaitingForMe } from '../delegation-advance/api/use-advances.ts';
import { useOrdersWaitingForMe } from '../delegation-order/api/use-delegation-orders.ts';
import { useSettlementsWaitingForMe } from '../settlements/api/settlements.ts';
import { useTravelServiceList } from '../travel-service/api/travel-service.ts';

/** How many items of each kind 'what waits for me' lists; the counts are of all of them. */
export const WAITING_PREVIEW = 3;

/**
 * What waits for the user's decision: trip orders and settlements on their approval path or at a
 * stage their permission decides, and advances for whoever decides and pays them. The menu's badges
 * and the home page read the same queries, so they always show the same counts.
 */
export function useWaitingForMe() {
  const user = useCurrentUser();
  const delegation = userHasModule(user, 'delegation') && !user.is_admin_context;
  const paysAdvances = delegation && userHasPermission(user, 'delegationAcceptFinancial');
  const orders = useOrdersWaitingForMe(delegation, WAITING_PREVIEW);
  const settlements = useSettlementsWaitingForMe(delegation, WAITING_PREVIEW);
  const advances = useAdvancesWaitingForMe(paysAdvances, WAITING_PREVIEW);
  // Travel-service orders whose chosen offers wait for a travel-service acceptor.
  const acceptsTravelServices = userHasModule(user, 'travel_service') && !user.is_admin_context && userHasPermission(user, 'travelServiceAccept');
  const travelServices = useTravelServiceList({ page: 1, page_size: WAITING_PREVIEW, sort: 'created_at', order: 'asc', status: 'chosenSentForAcceptance' }, acceptsTravelServices);
  const decides =
    delegation && (userHasPermission(user, 'delegationAcceptSubstantive') || paysAdvances || userHasPermission(user, 'companyAdmin'));
  const orderCount = orders.data?.total ?? 0;
  const settlementCount = settlements.data?.total ?? 0;
  const advanceCount = paysAdvances ? (advances.data?.total ?? 0) : 0;
  const counts = useMemo(() => ({ orders: orderCount, settlements: settlementCount, advances: advanceCount }), [orderCount, settlementCount, advanceCount]);
  return {
    orders: orders.data,
    settlements: settlements.data,
    advances: paysAdvances ? advances.data : undefined,
    travelServices: acceptsTravelServices ? travelServices.data : undefined,
    acceptsTravelServices,
    counts,
    /** Shown on the home page: the user decides something, or something waits for them anyway (an approval path names them). */
    isDecider: decides || acceptsTravelServices || orderCount > 0 || settlementCount > 0,
    paysAdvances,
  };
}
