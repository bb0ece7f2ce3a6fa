import { BOOKING_KIND_OF_ITEM_TYPE, type BoughtService, type OfferPart, type TravelItemType } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { travelServiceRepo } from './travel-service.repo.ts';

/**
 * The travel services bought for a trip order, as the settlement started from that order takes
 * them (issue 9 "The trip it belongs to"): each bought item is the booking it became, with the legs
 * of its chosen offer or the stay of its room.
 */
export async function boughtServicesOfTripOrder(db: Executor, companyId: number, delegationOrderId: number): Promise<BoughtService[]> {
  const rows = await travelServiceRepo.boughtItemsOfTripOrder(db, companyId, delegationOrderId);
  return rows.map(({ item, parts, placeCountry }) => {
    const offerParts: OfferPart[] = parts ?? [];
    const legs = offerParts.flatMap((part) => (part.kind === 'leg' ? [part] : []));
    const room = offerParts.find((part) => part.kind === 'room');
    const params = item.params as { is_breakfast?: boolean };
    const kind = BOOKING_KIND_OF_ITEM_TYPE[item.type as TravelItemType];
    const route = legs.length > 0 ? `${legs[0]!.from_text} → ${legs[0]!.to_text}` : null;
    const name = legs[0]?.carrier || (room?.kind === 'room' ? room.hotel_name : '') || '';
    return {
      booking_id: item.bookingId!,
      kind,
      label: [name, route].filter(Boolean).join(' · ') || item.bookingReference || kind,
      reference: item.bookingReference,
      legs: legs.map((leg) => ({ from_text: leg.from_text, to_text: leg.to_text, departure: leg.departure, arrival: leg.arrival })),
      stay:
        kind === 'hotel'
          ? {
              hotel_name: room?.kind === 'room' ? room.hotel_name : '',
              check_in: (room?.kind === 'room' ? room.check_in : null) ?? item.startDate,
              check_out: (room?.kind === 'room' ? room.check_out : null) ?? item.endDate,
              breakfast_included: (room?.kind === 'room' && room.is_breakfast) || params.is_breakfast === true,
              country_code: placeCountry,
            }
          : null,
    };
  });
}
