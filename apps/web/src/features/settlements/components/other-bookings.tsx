import { useState } from 'react';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AttachableBooking } from '@delego/contract';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useAttachableBookings } from '../api/settlements.ts';
import type { SettlementFormValues } from '../model/form-values.ts';
import { attachedLabel, bookingIdsInLines, bookingOptionLabel } from './booking-input.tsx';
import { useFieldIssues } from './form-issues-context.tsx';
import { useIssueText } from './fields.tsx';

/** The server's word on one attached booking (`booking.N.booking_id`, N its place in `booking[]`). */
function AttachedBookingIssue({ index }: { index: number }) {
  const { issues } = useFieldIssues(`booking.${index}.booking_id`);
  const text = useIssueText(issues);
  return text ? (
    <Typography variant="caption" color="error" role="alert">
      {text}
    </Typography>
  ) : null;
}

/**
 * Bookings attached to the settlement that settle none of its lines — a rented car, a parking place,
 * a visa service: they are the company's costs of this trip (spec §3 Delegation `booking[]`), so the
 * accountant finds them with the settlement and its acceptance waits for their invoices (§8), though
 * no segment or stay carries their amount. A booking can be attached once (§5): one that another
 * settlement holds is offered disabled, with that settlement's number.
 */
export function OtherBookings() {
  const { t, i18n } = useTranslation('settlement-form');
  const { control, getValues, setValue } = useFormContext<SettlementFormValues>();
  const [meta, startDate, endDate] = useWatch({ control, name: ['meta', 'start_date', 'end_date'] });
  // Re-rendered when a line's booking changes, so a booking a line takes over leaves this list.
  useWatch({ control, name: ['transport', 'country'] });
  const me = useCurrentUser();
  const [picked, setPicked] = useState('');
  const days = { from: startDate?.slice(0, 10) ?? '', to: endDate?.slice(0, 10) ?? '' };
  const bookings = useAttachableBookings({
    user_id: meta?.user_id ?? me.context_user_id,
    date_from: days.from,
    date_to: days.to,
    delegation_id: meta?.id ?? undefined,
  });
  if (!meta) return null;

  const inLines = bookingIdsInLines(getValues());
  const attached = meta.bookings.map((entry, index) => ({ entry, index })).filter(({ entry }) => !inLines.has(entry.booking_id));
  const attachedIds = new Set(meta.bookings.map((entry) => entry.booking_id));
  const offered = (bookings.data?.items ?? []).filter((booking) => !attachedIds.has(booking.id));
  const heldElsewhere = (booking: AttachableBooking) => booking.delegation_id !== null && booking.delegation_id !== meta.id;

  const attach = (value: string) => {
    const booking = offered.find((candidate) => String(candidate.id) === value);
    setPicked('');
    if (!booking) return;
    setValue('meta.bookings', [...(getValues('meta.bookings') ?? []), { booking_id: booking.id, label: attachedLabel(booking) }], { shouldDirty: true });
  };
  const detach = (bookingId: number) =>
    setValue(
      'meta.bookings',
      (getValues('meta.bookings') ?? []).filter((entry) => entry.booking_id !== bookingId),
      { shouldDirty: true },
    );

  const hint = !days.from || !days.to ? t('bookingPicker.needsDates') : bookings.isSuccess && offered.length === 0 ? t('bookingPicker.none') : undefined;
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('otherBookings.hint')}
      </Typography>
      {attached.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('otherBookings.empty')}
        </Typography>
      ) : (
        <List dense aria-label={t('otherBookings.listLabel')} disablePadding>
          {attached.map(({ entry, index }) => (
            <ListItem
              key={entry.booking_id}
              disableGutters
              secondaryAction={
                <IconButton edge="end" size="small" aria-label={t('otherBookings.detach', { booking: entry.label })} onClick={() => detach(entry.booking_id)}>
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText primary={entry.label} secondary={<AttachedBookingIssue index={index} />} slotProps={{ secondary: { component: 'div' } }} />
            </ListItem>
          ))}
        </List>
      )}
      {bookings.isError && <Alert severity="warning">{t('otherBookings.loadFailed')}</Alert>}
      <TextField
        select
        label={t('otherBookings.attach')}
        value={picked}
        onChange={(event) => attach(event.target.value)}
        helperText={hint}
        fullWidth
        size="small"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('choose')}</option>
        {offered.map((booking) => (
          <option key={booking.id} value={String(booking.id)} disabled={heldElsewhere(booking)}>
            {bookingOptionLabel(t, booking, i18n.language, heldElsewhere(booking))}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
