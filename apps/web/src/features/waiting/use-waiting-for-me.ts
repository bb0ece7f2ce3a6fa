import { useMemo } from 'react';
import { useCurrentUser } from '../../lib/session.tsx';
import { userHasModule, userHasPermission } from '../../lib/user-context.ts';
import { useAdvancesWaitingForMe } from '../delegation-advance/api/use-advances.ts';
import { useOrdersWaitingForMe } from '../delegation-order/api/use-delegation-orders.ts';
import { useSettlementsWaitingForMe } from '../settlements/api/settlements.ts';

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
    counts,
    /** Shown on the home page: the user decides something, or something waits for them anyway (an approval path names them). */
    isDecider: decides || orderCount > 0 || settlementCount > 0,
    paysAdvances,
  };
}
