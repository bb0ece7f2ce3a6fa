import { useEffect, useState } from 'react';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BodyOf, BookingDetails, BookingUser, bookingApi } from '@delego/contract';
import {
  BOOKING_KINDS,
  BOOKING_PAYERS,
  BOOKING_STATUSES,
  CAR_CLASSES,
  FLIGHT_CLASSES,
  RAIL_CLASSES,
  ROOM_TYPES,
  type BookingKind,
} from '@delego/domain';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { FormDialog } from '../../components/form/form-dialog.tsx';
import { firstIssueText } from '../../components/form/issue-texts.ts';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerIssues, fieldErrorText } from '../../lib/form-errors.ts';
import { useBookingUsers, useSaveBooking } from './api/bookings.ts';
import { DateTimeField } from '../../components/inputs/date-time-field.tsx';

type Body = BodyOf<typeof bookingApi.save>;

/** The form's fields as the inputs hold them: text, except the return-route switch. */
export interface BookingFormValues {
  kind: BookingKind;
  status: string;
  user_id: string;
  record_locator: string;
  ticket_number: string;
  carrier: string;
  name: string;
  flight_number: string;
  seat_class: string;
  baggage: string;
  is_return_route: boolean;
  start_place: string;
  end_place: string;
  country_code: string;
  start_at: string;
  end_at: string;
  hotel_class: string;
  address: string;
  rooms: string;
  persons_per_room: string;
  room_type: string;
  additional_services: string;
  cancel_until: string;
  price_per_day: string;
  car_class: string;
  comment: string;
  amount_net: string;
  vat_amount: string;
  amount_gross: string;
  currency: string;
  paid_by: string;
}

export const BOOKING_FORM_FIELDS = [
  'kind',
  'status',
  'user_id',
  'record_locator',
  'ticket_number',
  'carrier',
  'name',
  'flight_number',
  'seat_class',
  'baggage',
  'is_return_route',
  'start_place',
  'end_place',
  'country_code',
  'start_at',
  'end_at',
  'hotel_class',
  'address',
  'rooms',
  'persons_per_room',
  'room_type',
  'additional_services',
  'cancel_until',
  'price_per_day',
  'car_class',
  'comment',
  'amount_net',
  'vat_amount',
  'amount_gross',
  'currency',
  'paid_by',
] as const satisfies readonly Path<BookingFormValues>[];

/** Which fields a kind shows (spec §3 booking item templates). */
const KIND_FIELDS: Record<BookingKind, readonly (keyof BookingFormValues)[]> = {
  flight: [
    'carrier',
    'flight_number',
    'start_place',
    'end_place',
    'seat_class',
    'baggage',
    'is_return_route',
    'ticket_number',
  ],
  lowCost: [
    'carrier',
    'flight_number',
    'start_place',
    'end_place',
    'seat_class',
    'baggage',
    'is_return_route',
    'ticket_number',
  ],
  rail: ['carrier', 'start_place', 'end_place', 'seat_class', 'is_return_route', 'ticket_number'],
  hotel: [
    'name',
    'hotel_class',
    'address',
    'end_place',
    'country_code',
    'rooms',
    'persons_per_room',
    'room_type',
    'additional_services',
    'cancel_until',
    'price_per_day',
  ],
  car: ['name', 'car_class', 'start_place', 'end_place', 'price_per_day'],
  other: ['name', 'start_place'],
};

const toInput = (wall: string | null) => (wall ? wall.slice(0, 16) : '');
const fromInput = (value: string) => (value === '' ? null : value);
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function emptyBookingValues(overrides: Partial<BookingFormValues> = {}): BookingFormValues {
  return {
    kind: 'flight',
    status: 'booked',
    user_id: '',
    record_locator: '',
    ticket_number: '',
    carrier: '',
    name: '',
    flight_number: '',
    seat_class: '',
    baggage: '',
    is_return_route: false,
    start_place: '',
    end_place: '',
    country_code: '',
    start_at: '',
    end_at: '',
    hotel_class: '',
    address: '',
    rooms: '',
    persons_per_room: '',
    room_type: '',
    additional_services: '',
    cancel_until: '',
    price_per_day: '',
    car_class: '',
    comment: '',
    amount_net: '',
    vat_amount: '',
    amount_gross: '',
    currency: 'PLN',
    paid_by: 'companyInvoice',
    ...overrides,
  };
}

function valuesOf(booking: BookingDetails | null): BookingFormValues {
  if (!booking) return emptyBookingValues();
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    kind: booking.kind,
    status: booking.status,
    user_id: text(booking.user_id),
    record_locator: text(booking.record_locator),
    ticket_number: text(booking.ticket_number),
    carrier: text(booking.carrier),
    name: text(booking.name),
    flight_number: text(booking.flight_number),
    seat_class: text(booking.seat_class),
    baggage: text(booking.baggage),
    is_return_route: booking.is_return_route,
    start_place: text(booking.start_place),
    end_place: text(booking.end_place),
    country_code: text(booking.country_code),
    start_at: toInput(booking.start_at),
    end_at: toInput(booking.end_at),
    hotel_class: text(booking.hotel_class),
    address: text(booking.address),
    rooms: text(booking.rooms),
    persons_per_room: text(booking.persons_per_room),
    room_type: text(booking.room_type),
    additional_services: text(booking.additional_services),
    cancel_until: toInput(booking.cancel_until),
    price_per_day: text(booking.price_per_day),
    car_class: text(booking.car_class),
    comment: text(booking.comment),
    amount_net: text(booking.amount_net),
    vat_amount: text(booking.vat_amount),
    amount_gross: booking.amount_gross,
    currency: booking.currency,
    paid_by: booking.paid_by,
  };
}

/** The save call's body from the form: only the fields the kind uses, amounts with a dot. */
export function bookingBodyOf(values: BookingFormValues, id?: number): Body {
  const used = new Set<string>(KIND_FIELDS[values.kind]);
  const pick = (key: keyof BookingFormValues) => (used.has(key) ? orNull(String(values[key])) : null);
  const amount = (value: string) => orNull(value.replace(',', '.').replace(/\s/g, ''));
  const integer = (key: 'rooms' | 'persons_per_room') =>
    used.has(key) && values[key].trim() !== '' ? Number(values[key]) : null;
  return {
    ...(id ? { id } : {}),
    kind: values.kind,
    status: values.status as Body['status'],
    user_id: Number(values.user_id) || 0,
    record_locator: orNull(values.record_locator),
    ticket_number: pick('ticket_number'),
    carrier: pick('carrier'),
    name: pick('name'),
    flight_number: pick('flight_number'),
    seat_class: pick('seat_class'),
    baggage: pick('baggage'),
    is_return_route: used.has('is_return_route') && values.is_return_route,
    start_place: pick('start_place'),
    end_place: pick('end_place'),
    country_code: pick('country_code')?.toUpperCase() ?? null,
    start_at: fromInput(values.start_at) ?? '',
    end_at: fromInput(values.end_at),
    hotel_class: pick('hotel_class'),
    address: pick('address'),
    rooms: integer('rooms'),
    persons_per_room: integer('persons_per_room'),
    room_type: (pick('room_type') as Body['room_type']) ?? null,
    additional_services: pick('additional_services'),
    cancel_until: used.has('cancel_until') ? fromInput(values.cancel_until) : null,
    price_per_day: used.has('price_per_day') ? amount(values.price_per_day) : null,
    car_class: (pick('car_class') as Body['car_class']) ?? null,
    comment: orNull(values.comment),
    amount_net: amount(values.amount_net),
    vat_amount: amount(values.vat_amount),
    amount_gross: amount(values.amount_gross) ?? '',
    currency: values.currency.trim().toUpperCase() || 'PLN',
    paid_by: values.paid_by as Body['paid_by'],
  };
}

/**
 * The fields of one booking for its kind. Used by the add/correct dialog and by the consultant's
 * add-booking screen of a travel-service item.
 */
export function BookingFields({
  form,
  lockKind = false,
  users: givenUsers,
}: {
  form: ReturnType<typeof useForm<BookingFormValues>>;
  lockKind?: boolean;
  /** The travellers to choose from when they are not the signed-in user's company's (the consultant's screen). */
  users?: readonly BookingUser[];
}) {
  const { t } = useTranslation('bookings');
  const companyUsers = useBookingUsers(givenUsers === undefined);
  const users = givenUsers ?? companyUsers.data?.items ?? [];
  const kind = form.watch('kind');
  const shown = new Set<string>(KIND_FIELDS[kind]);
  const text = (
    name: keyof BookingFormValues,
    options: {
      type?: string;
      /** A Warsaw wall time, typed in the app's date-time picker. */
      dateTime?: boolean;
      size?: number;
      maxLength?: number;
      select?: readonly { value: string; label: string }[];
      required?: boolean;
      multiline?: boolean;
    } = {},
  ) => (
    <Grid key={name} size={{ xs: 12, sm: options.size ?? 6 }}>
      <Controller
        control={form.control}
        name={name}
        render={({ field, fieldState }) =>
          options.dateTime ? (
            <DateTimeField
              label={t(`fields.${name}`)}
              name={field.name}
              value={field.value as string}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              required={options.required}
              error={Boolean(fieldState.error)}
              helperText={fieldErrorText(fieldState.error)}
            />
          ) : (
            <TextField
              {...field}
              value={field.value as string}
              fullWidth
              select={Boolean(options.select)}
              type={options.type ?? 'text'}
              required={options.required}
              multiline={options.multiline}
              label={t(`fields.${name}`)}
              error={Boolean(fieldState.error)}
              helperText={fieldErrorText(fieldState.error)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: options.maxLength ?? 200 } }}
            >
              {options.select?.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          )
        }
      />
    </Grid>
  );
  const seatClasses = kind === 'rail' ? RAIL_CLASSES : FLIGHT_CLASSES;
  return (
    <Grid container spacing={2}>
      {text('kind', {
        select: BOOKING_KINDS.filter((value) => !lockKind || value === kind).map((value) => ({
          value,
          label: t(`kind.${value}`),
        })),
        size: 4,
      })}
      {text('user_id', {
        select: users.map((user) => ({
          value: String(user.id),
          label: user.email ? `${user.full_name} (${user.email})` : user.full_name,
        })),
        size: 8,
        required: true,
      })}
      {text('start_at', { dateTime: true, required: true })}
      {text('end_at', { dateTime: true, required: kind === 'hotel' || kind === 'car' })}
      {shown.has('carrier') && text('carrier', { required: false })}
      {shown.has('flight_number') && text('flight_number', { maxLength: 20 })}
      {shown.has('name') && text('name', { required: kind === 'hotel' })}
      {shown.has('hotel_class') && text('hotel_class', { maxLength: 20, size: 3 })}
      {shown.has('address') && text('address', { maxLength: 300, size: 9 })}
      {shown.has('start_place') && text('start_place', { required: kind !== 'car' && kind !== 'other' })}
      {shown.has('end_place') &&
        text('end_place', { required: kind === 'flight' || kind === 'lowCost' || kind === 'rail' })}
      {shown.has('country_code') && text('country_code', { maxLength: 2, size: 3 })}
      {shown.has('seat_class') &&
        text('seat_class', {
          select: [
            { value: '', label: '—' },
            ...seatClasses.map((value) => ({ value, label: t(`seatClass.${value}`) })),
          ],
          size: 4,
        })}
      {shown.has('baggage') && text('baggage', { maxLength: 100, size: 4 })}
      {shown.has('ticket_number') && text('ticket_number', { maxLength: 50, size: 4 })}
      {shown.has('rooms') && text('rooms', { type: 'number', size: 3 })}
      {shown.has('persons_per_room') && text('persons_per_room', { type: 'number', size: 3 })}
      {shown.has('room_type') &&
        text('room_type', {
          select: [
            { value: '', label: '—' },
            ...ROOM_TYPES.map((value) => ({ value, label: t(`roomType.${value}`) })),
          ],
          size: 3,
        })}
      {shown.has('cancel_until') && text('cancel_until', { dateTime: true, size: 6 })}
      {shown.has('additional_services') && text('additional_services', { maxLength: 500, size: 12 })}
      {shown.has('car_class') &&
        text('car_class', {
          select: [
            { value: '', label: '—' },
            ...CAR_CLASSES.map((value) => ({ value, label: value.toUpperCase() })),
          ],
          size: 3,
        })}
      {shown.has('price_per_day') && text('price_per_day', { size: 3 })}
      {shown.has('is_return_route') && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={form.control}
            name="is_return_route"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
                }
                label={t('fields.is_return_route')}
              />
            )}
          />
        </Grid>
      )}
      {text('record_locator', { maxLength: 50, size: 4 })}
      {text('status', {
        select: BOOKING_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
        size: 4,
      })}
      {text('paid_by', {
        select: BOOKING_PAYERS.map((value) => ({ value, label: t(`paidBy.${value}`) })),
        size: 4,
      })}
      {text('amount_net', { size: 3 })}
      {text('vat_amount', { size: 3 })}
      {text('amount_gross', { size: 3, required: true })}
      {text('currency', { maxLength: 3, size: 3 })}
      {text('comment', { maxLength: 1000, size: 12, multiline: true })}
    </Grid>
  );
}

/** Adds a booking bought outside the travel service (`booking` null), or corrects one. */
export function BookingFormDialog({
  open,
  booking,
  onClose,
}: {
  open: boolean;
  booking: BookingDetails | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('bookings');
  const save = useSaveBooking();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<BookingFormValues>({ defaultValues: valuesOf(booking) });

  useEffect(() => {
    if (open) {
      form.reset(valuesOf(booking));
      setFormError(null);
    }
  }, [open, booking, form]);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(bookingBodyOf(values, booking?.id), {
      onSuccess: () => {
        enqueueSnackbar(t('form.saved'));
        onClose();
      },
      onError: (error) => {
        if (applyServerIssues(error, form.setError, BOOKING_FORM_FIELDS)) return;
        setFormError(
          firstIssueText(error) ??
            (error instanceof ApiError && error.status !== 403 ? t('form.failed') : null),
        );
      },
    });
  });

  return (
    <FormDialog
      open={open}
      title={booking ? t('form.editTitle') : t('form.newTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      isPending={save.isPending}
      formError={formError}
      maxWidth="md"
    >
      <BookingFields form={form} />
    </FormDialog>
  );
}
