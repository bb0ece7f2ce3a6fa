import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { BookingUser, OfferDto, OrderItemDto, ResponseOf, adminTravelServiceApi } from '@delego/contract';
import { BOOKING_KIND_OF_ITEM_TYPE, FLIGHT_CLASSES, RAIL_CLASSES } from '@delego/domain';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { firstIssueText } from '../../components/form/issue-texts.ts';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerIssues } from '../../lib/form-errors.ts';
import {
  BOOKING_FORM_FIELDS,
  BookingFields,
  bookingBodyOf,
  emptyBookingValues,
  type BookingFormValues,
} from '../bookings/booking-form-dialog.tsx';
import { useAddItemBooking, useAdminTravelItem } from './api/travel-service-admin.ts';

const NS = 'travelServiceAdmin';
type ItemView = ResponseOf<typeof adminTravelServiceApi.getServiceOrderItem>;

/** The booking form's date-time picker takes Warsaw wall time as `YYYY-MM-DD HH:mm`, as the offers carry it. */
const asInput = (wall: string | null | undefined) => (wall ? wall.slice(0, 16) : '');
const dayInput = (day: string | null | undefined, time?: string | null) => (day ? `${day} ${time ?? '00:00'}` : '');

/** The item's travellers who are users of the order's company, and the order's traveller: whom the booking may be for. */
function travellersOf(view: ItemView): BookingUser[] {
  const people = new Map<number, BookingUser>();
  for (const passenger of view.orderItem.passengers) {
    if (passenger.company_user_id !== null)
      people.set(passenger.company_user_id, { id: passenger.company_user_id, full_name: `${passenger.name} ${passenger.surname}`, email: passenger.email });
  }
  if (!people.has(view.order.user.id)) people.set(view.order.user.id, { id: view.order.user.id, full_name: view.order.user.fullName, email: '' });
  return [...people.values()];
}

/** The booking template of the item's kind, filled from what was ordered and from the chosen offer. */
function prefilledValues(item: OrderItemDto, offer: OfferDto | null, userId: number | undefined): BookingFormValues {
  const kind = BOOKING_KIND_OF_ITEM_TYPE[item.type];
  const params = item.params as { start_date?: string | null; start_time?: string | null; end_date?: string | null; return_date?: string | null; seat_class?: string | null };
  const legs = offer?.parts.filter((part) => part.kind === 'leg') ?? [];
  const firstLeg = legs[0];
  const lastLeg = legs.at(-1);
  const room = offer?.parts.find((part) => part.kind === 'room');
  const car = offer?.parts.find((part) => part.kind === 'car');
  const classes: readonly string[] = kind === 'rail' ? RAIL_CLASSES : FLIGHT_CLASSES;
  const seatClass = params.seat_class && classes.includes(params.seat_class) ? params.seat_class : '';
  return emptyBookingValues({
    kind,
    user_id: userId === undefined ? '' : String(userId),
    record_locator: item.booking?.reference ?? '',
    carrier: firstLeg?.carrier ?? '',
    flight_number: firstLeg?.number ?? '',
    seat_class: kind === 'flight' || kind === 'lowCost' || kind === 'rail' ? seatClass : '',
    start_place: firstLeg?.from_text ?? car?.from_text ?? '',
    end_place: lastLeg?.to_text ?? car?.to_text ?? '',
    name: room?.hotel_name ?? car?.company ?? '',
    address: room?.address ?? '',
    room_type: room?.room_type ?? '',
    cancel_until: dayInput(room?.cancel_until),
    car_class: car && /^[a-ik]$/i.test(car.car_class) ? car.car_class.toLowerCase() : '',
    start_at: asInput(firstLeg?.departure ?? car?.pick_up) || dayInput(room?.check_in ?? params.start_date, params.start_time),
    end_at: asInput(lastLeg?.arrival ?? car?.drop_off) || dayInput(room?.check_out ?? params.end_date ?? params.return_date),
    amount_gross: offer?.price ?? '',
    currency: offer?.currency ?? 'PLN',
    comment: item.comment,
  });
}

/**
 * `/admin/travel-service/add-booking/{id}` (spec §2): the provider's consultant enters the booking of
 * a service bought outside the buyout, with every field of its kind's booking template, prefilled
 * from the item and its chosen offer. The server saves it in the traveller's company and links it to the item.
 */
export function AddBookingPage() {
  const { t } = useTranslation(NS);
  const id = Number(useParams().id);
  const loaded = useAdminTravelItem(id);
  if (loaded.isPending) return <PageSpinner />;
  if (!loaded.data) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{t(notFound ? 'addBooking.notFound' : 'addBooking.loadError')}</Alert>
        <Box>
          <Button component={RouterLink} to="/admin/travel-service/all">
            {t('backToList')}
          </Button>
        </Box>
      </Stack>
    );
  }
  return <AddBookingForm view={loaded.data} />;
}

function AddBookingForm({ view }: { view: ItemView }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const save = useAddItemBooking();
  const [formError, setFormError] = useState<string | null>(null);
  const travellers = useMemo(() => travellersOf(view), [view]);
  const form = useForm<BookingFormValues>({
    defaultValues: prefilledValues(view.orderItem, view.selected_offer, view.orderItem.passengers[0]?.company_user_id ?? travellers[0]?.id),
  });
  const back = `/admin/travel-service/edit/${view.order.id}`;
  const allowed = view.orderItem.allowedActions.includes('addBooking');

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(
      { ...bookingBodyOf(values), item_id: view.orderItem.id },
      {
        onSuccess: () => {
          enqueueSnackbar(t('addBooking.saved', { sequence: view.orderItem.sequence }));
          void navigate(back);
        },
        onError: (error) => {
          if (applyServerIssues(error, form.setError, BOOKING_FORM_FIELDS)) return;
          setFormError(firstIssueText(error) ?? t('addBooking.failed'));
        },
      },
    );
  });

  return (
    <>
      <PageHeader
        title={t('addBooking.title', { sequence: view.orderItem.sequence, number: view.order.number })}
        description={t('addBooking.description', { company: view.order.company_name, traveller: view.order.user.fullName })}
        actions={
          <Button component={RouterLink} to={back}>
            {t('addBooking.back')}
          </Button>
        }
      />
      {!allowed ? (
        <Alert severity="info">{t(view.orderItem.booking?.booking_id ? 'addBooking.exists' : 'addBooking.notAllowed')}</Alert>
      ) : (
        <Paper component="form" variant="outlined" noValidate onSubmit={onSubmit} aria-label={t('addBooking.formLabel')} sx={{ p: 2 }}>
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          <BookingFields form={form} lockKind users={travellers} />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
            <Button component={RouterLink} to={back}>
              {t('addBooking.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={save.isPending}>
              {t('addBooking.save')}
            </Button>
          </Box>
        </Paper>
      )}
    </>
  );
}
