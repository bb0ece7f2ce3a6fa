import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useController, useFormContext, useWatch, type Path } from 'react-hook-form';
import type { BookingKind } from '@delego/domain';
import type { AttachableBooking } from '@delego/contract';
import { formatWallTime } from '@delego/domain';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useAttachableBookings } from '../api/settlements.ts';
import type { SettlementFormValues } from '../model/form-values.ts';
import { useFieldIssues } from './form-issues-context.tsx';
import { useIssueText } from './fields.tsx';

type BookingField = Path<SettlementFormValues> & (`transport.${number}.booking_id` | `country.${number}.accommodation.${number}.booking_id`);

/** The booking ids the lines of the form settle. */
export function bookingIdsInLines(values: SettlementFormValues): Set<number> {
  const ids = new Set<number>();
  for (const segment of values.transport) if (segment.booking_id) ids.add(segment.booking_id);
  for (const part of values.country) for (const stay of part.accommodation) if (stay.booking_id) ids.add(stay.booking_id);
  return ids;
}

/** What the settlement keeps as the attached booking's label: its name and route, whatever the reader's language. */
export function attachedLabel(booking: AttachableBooking): string {
  return [booking.title, booking.route].filter(Boolean).join(' · ');
}

function bookingLabel(booking: AttachableBooking, language: string): string {
  return `${attachedLabel(booking)} · ${formatWallTime(booking.start_at, language)}`;
}

/** A booking as a picker offers it: with the settlement that holds it, when another one does. */
export function bookingOptionLabel(t: TFunction<'settlement-form'>, booking: AttachableBooking, language: string, heldElsewhere: boolean): string {
  const label = bookingLabel(booking, language);
  if (!heldElsewhere) return label;
  return booking.delegation_number
    ? t('bookingPicker.heldBy', { booking: label, number: booking.delegation_number })
    : t('bookingPicker.heldByUnnumbered', { booking: label });
}

/**
 * The booking a line is settled with (spec §3 segment and accommodation `booking_id`): the employee's
 * bookings of the trip's days of the given kinds. Choosing one also attaches it to the settlement
 * (`booking[]`); a booking no line settles any more is detached. A booking another settlement holds
 * is shown but cannot be chosen (spec §5: a booking can be attached once).
 */
export function BookingInput({ name, label, kinds }: { name: BookingField; label: string; kinds: readonly BookingKind[] }) {
  const { t, i18n } = useTranslation('settlement-form');
  const { control, getValues, setValue } = useFormContext<SettlementFormValues>();
  const { field } = useController({ control, name });
  const { issues, markTouched } = useFieldIssues(name);
  const errorText = useIssueText(issues);
  const [meta, startDate, endDate] = useWatch({ control, name: ['meta', 'start_date', 'end_date'] });
  const me = useCurrentUser();
  const days = { from: startDate?.slice(0, 10) ?? '', to: endDate?.slice(0, 10) ?? '' };
  const bookings = useAttachableBookings({ user_id: meta?.user_id ?? me.context_user_id, date_from: days.from, date_to: days.to, delegation_id: meta?.id ?? undefined });
  const chosenId = (field.value as number | null | undefined) ?? null;
  const options = (bookings.data?.items ?? []).filter((booking) => kinds.includes(booking.kind) || booking.id === chosenId);
  const heldElsewhere = (booking: AttachableBooking) => booking.delegation_id !== null && booking.delegation_id !== (meta?.id ?? null);

  const choose = (value: string) => {
    const previous = chosenId;
    const next = value === '' ? null : Number(value);
    field.onChange(next);
    markTouched();
    const values = getValues();
    if (!values.meta) return;
    const inLines = bookingIdsInLines(values);
    const chosen = options.find((booking) => booking.id === next);
    let attached = values.meta.bookings.filter((entry) => entry.booking_id !== previous || inLines.has(entry.booking_id));
    if (chosen && !attached.some((entry) => entry.booking_id === chosen.id)) attached = [...attached, { booking_id: chosen.id, label: attachedLabel(chosen) }];
    setValue('meta.bookings', attached, { shouldDirty: true });
  };

  const hint = !days.from || !days.to ? t('bookingPicker.needsDates') : bookings.isSuccess && options.length === 0 ? t('bookingPicker.none') : undefined;
  return (
    <TextField
      select
      name={field.name}
      inputRef={field.ref}
      value={chosenId === null ? '' : String(chosenId)}
      onChange={(event) => choose(event.target.value)}
      onBlur={() => {
        field.onBlur();
        markTouched();
      }}
      label={label}
      error={Boolean(errorText)}
      helperText={errorText ?? hint}
      fullWidth
      size="small"
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{t('choose')}</option>
      {chosenId !== null && !options.some((booking) => booking.id === chosenId) && (
        // A booking already settled here but outside the trip's days as typed now: still named, not lost.
        <option value={String(chosenId)}>{meta?.bookings.find((entry) => entry.booking_id === chosenId)?.label ?? t('bookingPicker.chosen')}</option>
      )}
      {options.map((booking) => (
        <option key={booking.id} value={String(booking.id)} disabled={heldElsewhere(booking) && booking.id !== chosenId}>
          {bookingOptionLabel(t, booking, i18n.language, heldElsewhere(booking))}
        </option>
      ))}
    </TextField>
  );
}
