import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { locationApi } from '@delego/contract';
import { needsLateArrivalHint, type FlightParams, type ParamsByType, type TravelItemType, formatWallTime } from '@delego/domain';
import { DetailField } from '../../../components/detail-field.tsx';
import { locationLabel } from '../../../components/inputs/location-field.tsx';
import { call } from '../../../lib/api-client.ts';
import { cachedLocation } from '../../../lib/location-cache.ts';
import { translateIssueCode } from '../../../lib/server-messages.ts';

/** An item of either the form (`OrderItemInput`) or the server (`OrderItemDto`): its type with that type's parameters. */
export type SummaryItem = { [T in TravelItemType]: { type: T; params: ParamsByType[T] } }[TravelItemType] & {
  sequence?: number;
  passengers?: readonly { name: string; surname: string }[];
  comment?: string;
};

export interface OrderItemSummaryProps {
  item: SummaryItem;
  /** The cost centre's name, shown when given. */
  costCentreName?: string | null;
  /** The base item's sequence of a linked insurance. */
  relatedSequence?: number | null;
  /** Leaves out the travellers and the remarks (e.g. where the page lists them itself). */
  paramsOnly?: boolean;
}

/** A place of the shared location list by its id, in the interface language; cached places show without a request. */
export function PlaceName({ id }: { id: number | null }) {
  const { t, i18n } = useTranslation('travelService');
  const place = useQuery({
    queryKey: ['locations', 'one', id],
    queryFn: ({ signal }) =>
      call(locationApi.getLocationById, { query: { id: id! } }, { signal, notifyErrors: false }),
    enabled: id !== null,
    initialData: id === null ? undefined : cachedLocation(id),
    staleTime: Infinity,
  });
  if (id === null) return <>{t('summary.empty')}</>;
  return <>{place.data ? locationLabel(place.data, i18n.language) : '…'}</>;
}

/** The parameters of flights and low-cost flights share their labels. */
const LABEL_TYPE: Record<TravelItemType, string> = {
  hotel: 'hotel',
  flight: 'flight',
  flightLowCost: 'flight',
  rail: 'rail',
  car: 'car',
  insurance: 'insurance',
  other: 'other',
};

/**
 * One service of a travel-service order read-only: its type-specific parameters (spec §3 "Order
 * item") with their labels, then its travellers and remarks. Shared by the ordering pages and the
 * offer, approval and booking pages.
 */
export function OrderItemSummary({
  item,
  costCentreName,
  relatedSequence,
  paramsOnly = false,
}: OrderItemSummaryProps) {
  const { t, i18n } = useTranslation('travelService');
  const language = i18n.language;
  const label = (field: string) => t(`param.${LABEL_TYPE[item.type]}.${field}`);
  const yesNo = (value: boolean) => t(value ? 'summary.yes' : 'summary.no');
  const when = (date: string | null, time?: string | null) =>
    date === null ? t('summary.empty') : formatWallTime(time ? `${date} ${time}` : date, language);
  const text = (value: string) => (value.trim() === '' ? t('summary.empty') : value);

  const fields: [string, ReactNode][] = [];
  switch (item.type) {
    case 'hotel': {
      const p = item.params;
      fields.push(
        [label('place_id'), <PlaceName id={p.place_id} />],
        [label('room_type'), p.room_type ? t(`roomType.${p.room_type}`) : t('summary.empty')],
        [label('start_date'), when(p.start_date, p.start_time)],
        [label('end_date'), when(p.end_date)],
        [label('is_breakfast'), yesNo(p.is_breakfast)],
        [label('is_free_cancellation'), yesNo(p.is_free_cancellation)],
        [label('parking_required'), yesNo(p.parking_required)],
        [label('currency'), p.currency],
        [label('is_insurance'), yesNo(p.is_insurance)],
      );
      if (p.is_additional_services) fields.push([label('additional_services'), text(p.additional_services)]);
      break;
    }
    case 'flight':
    case 'flightLowCost': {
      const p: FlightParams = item.params;
      fields.push(
        [label('start_place_id'), <PlaceName id={p.start_place_id} />],
        [label('end_place_id'), <PlaceName id={p.end_place_id} />],
        [label('start_date'), when(p.start_date, p.start_time)],
        [label('return_date'), when(p.return_date, p.return_time)],
        [label('seat_class'), p.seat_class ? t(`seatClass.${p.seat_class}`) : t('summary.empty')],
        [label('is_baggage'), yesNo(p.is_baggage)],
        [label('preferred_seat'), text(p.preferred_seat)],
        [label('is_insurance'), yesNo(p.is_insurance)],
      );
      p.additionalSegments.forEach((segment, index) => {
        fields.push([
          t('param.segment.title', { number: index + 2 }),
          <>
            <PlaceName id={segment.start_place_id} /> → <PlaceName id={segment.end_place_id} />,{' '}
            {when(segment.start_date, segment.start_time)}
          </>,
        ]);
      });
      break;
    }
    case 'rail': {
      const p = item.params;
      fields.push(
        [label('start_place_id'), <PlaceName id={p.start_place_id} />],
        [label('end_place_id'), <PlaceName id={p.end_place_id} />],
        [label('start_date'), when(p.start_date, p.start_time)],
        [label('return_date'), when(p.return_date, p.return_time)],
        [label('seat_class'), p.seat_class ? t(`seatClass.${p.seat_class}`) : t('summary.empty')],
        [label('is_insurance'), yesNo(p.is_insurance)],
      );
      break;
    }
    case 'car': {
      const p = item.params;
      fields.push(
        [label('start_place_id'), <PlaceName id={p.start_place_id} />],
        [label('end_place_id'), <PlaceName id={p.end_place_id} />],
        [label('start_date'), when(p.start_date, p.start_time)],
        [label('end_date'), when(p.end_date, p.end_time)],
        [
          label('car_class'),
          p.car_class ? t('carClass', { value: p.car_class.toUpperCase() }) : t('summary.empty'),
        ],
        [label('is_insurance'), yesNo(p.is_insurance)],
      );
      break;
    }
    case 'insurance': {
      const p = item.params;
      fields.push(
        [label('place_id'), <PlaceName id={p.place_id} />],
        [label('start_date'), when(p.start_date)],
        [label('end_date'), when(p.end_date)],
      );
      break;
    }
    case 'other': {
      const p = item.params;
      fields.push(
        [label('description'), text(p.description)],
        [label('start_date'), when(p.start_date)],
        [label('end_date'), when(p.end_date)],
      );
      break;
    }
  }
  if (relatedSequence !== undefined && relatedSequence !== null)
    fields.unshift([t('type.insurance'), t('summary.linkedTo', { sequence: relatedSequence })]);
  if (costCentreName) fields.push([t('summary.costCentre'), costCentreName]);
  if (!paramsOnly && item.passengers)
    fields.push([
      t('summary.passengers'),
      item.passengers.length === 0
        ? t('summary.empty')
        : item.passengers.map((person) => `${person.name} ${person.surname}`.trim()).join(', '),
    ]);
  if (!paramsOnly && item.comment !== undefined && item.comment.trim() !== '')
    fields.push([t('summary.comment'), item.comment]);

  return (
    <Box
      component="section"
      aria-label={t('summary.label', { sequence: item.sequence ?? '', type: t(`type.${item.type}`) })}
    >
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 180px), 1fr))', gap: 1.5, m: 0, overflowWrap: 'anywhere' }}
      >
        {fields.map(([fieldLabel, value]) => (
          <DetailField key={fieldLabel} label={fieldLabel}>
            {value}
          </DetailField>
        ))}
        {item.type === 'hotel' && needsLateArrivalHint(item.params) && (
          <Typography variant="body2" color="warning.main" sx={{ gridColumn: '1 / -1' }}>
            {translateIssueCode('travelService.lateArrival')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
