import type { TravelServiceOrderRow } from '@delego/contract';

export type RowLinkAction = 'edit' | 'chooseOffer' | 'approval' | 'booked' | 'bought' | 'details';

/**
 * The pages a list row opens, from the actions the server allows the caller on the order's items:
 * editing while some item may still change, choosing offers, the acceptors' approval, the booking
 * (where buyout or cancellation is requested) and the bought services; the details always.
 */
export function rowLinks(
  row: Pick<TravelServiceOrderRow, 'id' | 'status' | 'can_edit' | 'allowedActions'>,
): { action: RowLinkAction; to: string }[] {
  const allowed = new Set(row.allowedActions);
  const links: { action: RowLinkAction; to: string }[] = [];
  if (row.can_edit && allowed.has('edit'))
    links.push({ action: 'edit', to: `/travel-service/edit/${row.id}` });
  if (allowed.has('chooseOffer'))
    links.push({ action: 'chooseOffer', to: `/travel-service/choose-offer/${row.id}` });
  if (allowed.has('accept') || allowed.has('reject'))
    links.push({ action: 'approval', to: `/travel-service/approval/${row.id}` });
  if (allowed.has('requestBuyout') || allowed.has('requestCancellation') || row.status === 'booked')
    links.push({ action: 'booked', to: `/travel-service/booked/${row.id}` });
  if (row.status === 'bought') links.push({ action: 'bought', to: `/travel-service/bought/${row.id}` });
  links.push({ action: 'details', to: `/travel-service/item-details/${row.id}` });
  return links;
}
