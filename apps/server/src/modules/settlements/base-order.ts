import { formatLocalDateTimeMillis, type BaseOrder, type DelegationForm, type FoundBaseOrder } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { settlementsRepo, type OrderRow } from './settlements.repo.ts';

type AdvanceRows = Awaited<ReturnType<typeof settlementsRepo.orderAdvances>>;

/** What a settlement takes over from the order; `advanceRows` are the order's advances, when the caller needs them. */
export function baseOrderOf(order: OrderRow, advanceRows: AdvanceRows): BaseOrder {
  return {
    id: order.id,
    number: order.number,
    user_id: order.userId,
    start_date: formatLocalDateTimeMillis(order.startDate.getTime()),
    end_date: formatLocalDateTimeMillis(order.endDate.getTime()),
    cost_centre_id: order.costCentreId,
    project_id: order.projectId,
    task_id: order.taskId,
    task: order.task,
    external_customer_id: order.externalCustomerId,
    destinations: order.destinations,
    destination_text: order.destinationText,
    start_place_text: order.startPlaceText,
    end_place_text: order.endPlaceText,
    allowed_transport: order.allowedTransport,
    allowed_transport_cost: order.allowedTransportCost,
    advances: orderAdvancesOf(advanceRows),
  };
}

/** The order's advances as the settlement takes them over. */
export function orderAdvancesOf(advanceRows: AdvanceRows): BaseOrder['advances'] {
  return advanceRows.map((advance) => ({
    id: advance.id,
    amount_in_currency: advance.amountInCurrency,
    currency: advance.currency,
    payment_type: advance.paymentType,
    payment_date: advance.paymentDate,
    status: advance.status,
    comment: advance.comment,
  }));
}

/**
 * Spec §5 'only accepted orders can be chosen as a base, one settlement per order': the order the form
 * names, if it is the employee's accepted order without another settlement (`ownId`, the settlement
 * being edited, does not count); `orderId` is the id named, null when none or no id. At most one
 * query; the order comes without its advances, which only the save takes over (`settlementsRepo.orderAdvances`).
 */
export async function findFormBaseOrder(
  db: Executor,
  companyId: number,
  form: Pick<DelegationForm, 'delegation_order_id'>,
  employeeId: number,
  ownId: number | null,
): Promise<FoundBaseOrder & { orderId: number | null }> {
  const named = form.delegation_order_id;
  if (named === null || named === undefined || named === '') return { orderId: null, order: null, issues: [] };
  const id = Number(named);
  const orderId = Number.isSafeInteger(id) && id > 0 ? id : null;
  const refused = (code: string) => ({ orderId, order: null, issues: [{ path: ['delegation_order_id'], code }] });
  if (orderId === null) return refused('delegation.orderNotFound');
  const found = await settlementsRepo.findBaseOrder(db, companyId, orderId, ownId);
  if (!found || found.order.userId !== employeeId || found.order.status === 'deleted') return refused('delegation.orderNotFound');
  if (found.order.status !== 'accepted') return refused('delegation.orderNotAccepted');
  if (found.settled) return refused('delegation.orderAlreadySettled');
  return { orderId, order: baseOrderOf(found.order, []), issues: [] };
}
