import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OrderItemDto, TravelServiceOrderDto } from '@delego/contract';
import type { ItemStatus } from '@delego/domain';
import { formatDateTime } from '@delego/domain';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { DetailField } from '../../../components/detail-field.tsx';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { OrderItemSummary } from '../shared/order-item-summary.tsx';
import { useClientItemAction } from './api/offers.ts';
import { OfferView } from './offer-view.tsx';
import { ItemHeading, OrderPage, refusalText } from './order-page-parts.tsx';

const NS = 'travelServiceOffers';

/** The items a page shows: booked ones (with the requests they allow) or bought ones. */
const BOOKED_STATUSES: readonly ItemStatus[] = ['booked', 'buyoutRequested', 'cancellationInProgress', 'bookingCanceled', 'bought'];
const BOUGHT_STATUSES: readonly ItemStatus[] = ['bought'];

type ClientRequest = 'requestBuyout' | 'requestCancellation';
const REQUESTS: readonly ClientRequest[] = ['requestBuyout', 'requestCancellation'];

/** `/travel-service/booked/{id}`: the booking of each service with its reference; buyout or cancellation is requested here. */
export function BookedPage() {
  const id = Number(useParams().id);
  return (
    <OrderPage id={id} titleKey="booked.title" descriptionKey="booked.description">
      {(order) => <BookingList order={order} statuses={BOOKED_STATUSES} emptyKey="booked.nothing" />}
    </OrderPage>
  );
}

/** `/travel-service/bought/{id}`: the bought services with their references and the bookings they became. */
export function BoughtPage() {
  const id = Number(useParams().id);
  return (
    <OrderPage id={id} titleKey="bought.title" descriptionKey="bought.description">
      {(order) => <BookingList order={order} statuses={BOUGHT_STATUSES} emptyKey="bought.nothing" />}
    </OrderPage>
  );
}

function BookingList({ order, statuses, emptyKey }: { order: TravelServiceOrderDto; statuses: readonly ItemStatus[]; emptyKey: string }) {
  const { t } = useTranslation(NS);
  const action = useClientItemAction();
  const [asked, setAsked] = useState<{ item: OrderItemDto; request: ClientRequest } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const items = order.travelServiceOrderItems.filter((item) => statuses.includes(item.status));

  const confirm = () => {
    if (!asked) return;
    action.mutate(
      { item_id: asked.item.id, action: asked.request },
      {
        onSuccess: () => {
          enqueueSnackbar(t(`request.${asked.request}.done`), { variant: 'success' });
          setAsked(null);
        },
        onError: (error) => {
          setAsked(null);
          setRefusal(refusalText(error));
        },
      },
    );
  };

  return (
    <Stack spacing={2}>
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      {items.length === 0 && <Alert severity="info">{t(emptyKey)}</Alert>}
      {items.map((item) => (
        <BookedItem key={item.id} item={item} onRequest={(request) => setAsked({ item, request })} />
      ))}
      <ConfirmDialog
        open={asked !== null}
        title={asked ? t(`request.${asked.request}.title`) : ''}
        message={asked ? t(`request.${asked.request}.message`, { sequence: asked.item.sequence, type: t(`travelService:type.${asked.item.type}`) }) : ''}
        confirmLabel={asked ? t(`request.${asked.request}.confirm`) : ''}
        destructive={asked?.request === 'requestCancellation'}
        isPending={action.isPending}
        onConfirm={confirm}
        onClose={() => setAsked(null)}
      />
    </Stack>
  );
}

function BookedItem({ item, onRequest }: { item: OrderItemDto; onRequest: (request: ClientRequest) => void }) {
  const { t, i18n } = useTranslation(NS);
  const offer = item.responses.find((response) => response.id === item.selected_offer_id);
  const requests = REQUESTS.filter((request) => item.allowedActions.includes(request));
  const booking = item.booking;
  const detailTab = item.type === 'flight' || item.type === 'flightLowCost' ? 'flight' : 'other';
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <ItemHeading item={item} />
      <Box sx={{ mb: 2 }}>
        <OrderItemSummary item={item} relatedSequence={item.related_sequence} paramsOnly />
      </Box>
      {booking && (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 1.5, m: 0, mb: 2 }}>
          <DetailField label={t('booking.reference')}>{booking.reference}</DetailField>
          <DetailField label={t('booking.bookedAt')}>{formatDateTime(booking.booked_at, i18n.language)}</DetailField>
          {booking.bought_at && <DetailField label={t('booking.boughtAt')}>{formatDateTime(booking.bought_at, i18n.language)}</DetailField>}
          {booking.booking_id !== null && (
            <DetailField label={t('booking.booking')}>
              <Link component={RouterLink} to={`/booking/${detailTab}/detail/${booking.booking_id}`}>
                {t('booking.open')}
              </Link>
            </DetailField>
          )}
        </Box>
      )}
      {offer && <OfferView offer={offer} title={t('booking.offer')} />}
      {requests.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          {requests.map((request) => (
            <Button key={request} variant={request === 'requestBuyout' ? 'contained' : 'outlined'} color={request === 'requestCancellation' ? 'error' : 'primary'} onClick={() => onRequest(request)}>
              {t(`request.${request}.button`)}
            </Button>
          ))}
        </Box>
      )}
      {item.status === 'cancellationInProgress' && (
        <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
          {t('booked.cancellationPending')}
        </Typography>
      )}
    </Paper>
  );
}
