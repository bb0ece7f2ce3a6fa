import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { TRANSPORT_SETTLEMENT_TYPES, TRANSPORT_TYPES, type BookingKind, type TransportLine, formatMoneyText } from '@delego/domain';
import type { CalculationAnswer } from '../api/use-settlement-calculation.ts';
import { AmountInput, CurrencyInput, DateInput, SelectInput, TextInput } from '../components/fields.tsx';
import { AttachmentField } from '../components/attachments.tsx';
import { BookingInput } from '../components/booking-input.tsx';
import { ItemCard } from '../components/item-card.tsx';
import { MapsDistanceNote } from '../components/maps-distance-note.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useSettlementVehicles } from '../api/settlements.ts';
import { hasVehicle, MIN_SEGMENTS, newTransportSegment, type SettlementFormValues } from '../model/form-values.ts';

/**
 * Spec §3 "Vehicle": one of the company's vehicle records, the employee's own or a company car. Its
 * kind, engine capacity and owner set the mileage on the server (issue 15), so none is typed here.
 */
function VehicleSection({ index }: { index: number }) {
  const { t } = useTranslation('settlement-form');
  const { control } = useFormContext<SettlementFormValues>();
  const [vehicleId, employeeId] = useWatch({ control, name: [`transport.${index}.vehicle_id`, 'meta.user_id'] });
  const me = useCurrentUser();
  const vehicles = useSettlementVehicles(employeeId ?? me.context_user_id);
  const options = vehicles.data ?? [];
  const chosen = options.find((vehicle) => String(vehicle.id) === vehicleId);
  return (
    <Stack spacing={1}>
      <SelectInput
        name={`transport.${index}.vehicle_id`}
        label={t('route.vehicle.heading')}
        emptyLabel={t('choose')}
        options={options.map((vehicle) => ({
          value: String(vehicle.id),
          label: `${vehicle.plates} – ${vehicle.model} (${t(vehicle.is_private ? 'route.vehicle.private' : 'route.vehicle.company')})`,
        }))}
      />
      {chosen && (
        <Typography variant="body2" color="text.secondary">
          {t('route.vehicle.details', { type: t(`options.vehicleType.${chosen.type}`), capacity: chosen.engine_capacity })}
        </Typography>
      )}
      {chosen && !chosen.is_private && (
        // Spec §5: "A non-private vehicle gets no per-kilometre lump sum."
        <Alert severity="info" role="note">
          {t('settlement:validation.nonPrivateVehicleNoMileage')}
        </Alert>
      )}
      {vehicles.isSuccess && options.length === 0 && (
        <Alert severity="info" role="note">
          {t('route.vehicle.none')}{' '}
          <Link component={RouterLink} to="/delegation-info/vehicle">
            {t('route.vehicle.addOwn')}
          </Link>
        </Alert>
      )}
    </Stack>
  );
}

/** The bookings a segment of a transport type can be settled with. */
function bookingKindsOf(transportType: string | null | undefined): readonly BookingKind[] {
  if (transportType === 'flight') return ['flight', 'lowCost'];
  if (transportType === 'rail') return ['rail'];
  return ['flight', 'lowCost', 'rail', 'car', 'other'];
}

interface SegmentCardProps {
  index: number;
  count: number;
  line: TransportLine | undefined;
  mapsDistance: MapsDistance | null | undefined;
  onRemove: () => void;
}

/** The maps distance the server checks a segment's kilometres against, and where it came from. */
type MapsDistance = CalculationAnswer['maps_distances'][number];

function SegmentCard({ index, count, line, mapsDistance, onRemove }: SegmentCardProps) {
  const { t, i18n } = useTranslation('settlement-form');
  const { control } = useFormContext<SettlementFormValues>();
  const [transportType, settlementType, allowedTransport, meta] = useWatch({
    control,
    name: [`transport.${index}.transport_type`, `transport.${index}.settlement_type_id`, 'meta.allowed_transport', 'meta'],
  });
  // Bookings are attached to a saved settlement's record, so only screens that save one offer them.
  const hasMeta = meta !== undefined;
  // A settlement from an order offers the transport its order allowed (spec §5), and keeps a value already chosen.
  const transportTypes = TRANSPORT_TYPES.filter((value) => !allowedTransport?.length || allowedTransport.includes(value) || value === transportType);
  const isMileage = settlementType === 'lumpSum';
  const number = index + 1;
  return (
    <ItemCard
      title={t('route.segment', { number })}
      level={3}
      removeLabel={t('route.remove', { number })}
      removeDisabledReason={count <= MIN_SEGMENTS ? t('route.minimum', { min: MIN_SEGMENTS }) : undefined}
      onRemove={onRemove}
      aside={
        line && line.kind !== 'none' ? (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {t('route.due', { amount: formatMoneyText(line.amount, line.currency, i18n.language) })}
          </Typography>
        ) : undefined
      }
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            name={`transport.${index}.transport_type`}
            label={t('route.transportType')}
            emptyLabel={t('choose')}
            options={transportTypes.map((value) => ({ value, label: t(`options.transportType.${value}`) }))}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectInput
            name={`transport.${index}.settlement_type_id`}
            label={t('route.settlementType')}
            emptyLabel={t('choose')}
            options={TRANSPORT_SETTLEMENT_TYPES.map((value) => ({ value, label: t(`options.transportSettlement.${value}`) }))}
          />
        </Grid>
        {settlementType === 'booking' && hasMeta && (
          <>
            <Grid size={{ xs: 12, sm: 8 }}>
              <BookingInput name={`transport.${index}.booking_id`} label={t('bookingPicker.label')} kinds={bookingKindsOf(transportType)} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextInput name={`transport.${index}.booking_ticket`} label={t('bookingPicker.ticket')} maxLength={100} />
            </Grid>
          </>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput name={`transport.${index}.from_place_text`} label={t('route.from')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput name={`transport.${index}.to_place_text`} label={t('route.to')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateInput name={`transport.${index}.start_date`} label={t('route.startDate')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateInput name={`transport.${index}.end_date`} label={t('route.endDate')} />
        </Grid>
        <Grid size={{ xs: 7, sm: 4 }}>
          <AmountInput
            name={`transport.${index}.amount_in_currency`}
            label={t('route.amount')}
            helperText={isMileage ? t('route.amountMileageHint') : undefined}
          />
        </Grid>
        <Grid size={{ xs: 5, sm: 2 }}>
          <CurrencyInput name={`transport.${index}.currency`} label={t('fields.currency')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <AmountInput
            name={`transport.${index}.distance`}
            label={t('route.distance')}
            maxDecimals={3}
            maxIntegerDigits={5}
            helperText={isMileage ? t('route.distanceMileageHint') : undefined}
          />
        </Grid>
        {mapsDistance && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <MapsDistanceNote index={index} distance={mapsDistance} sx={{ pt: { sm: 2 } }} />
          </Grid>
        )}
        <Grid size={12}>
          <TextInput name={`transport.${index}.comment`} label={t('route.comment')} multiline maxLength={1000} />
        </Grid>
        <Grid size={12}>
          <AttachmentField name={`transport.${index}.file_id`} section="transport" label={t('settlements:attachments.ticket')} />
        </Grid>
        {hasVehicle({ transport_type: transportType, settlement_type_id: settlementType }) && (
          <Grid size={12}>
            <VehicleSection index={index} />
          </Grid>
        )}
      </Grid>
    </ItemCard>
  );
}

/** Step 2: the transport segments, at least two (there and back, spec §5). */
export function RouteStep({
  lines,
  mapsDistances,
  onRemoved,
}: {
  lines: readonly TransportLine[] | undefined;
  /** Per segment, the maps distance of the latest calculation (absent before the first answer). */
  mapsDistances?: readonly MapsDistance[];
  onRemoved: (listKey: string, index: number) => void;
}) {
  const { t } = useTranslation('settlement-form');
  const { control } = useFormContext<SettlementFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'transport' });
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('route.intro', { min: MIN_SEGMENTS })}
      </Typography>
      {fields.map((field, index) => (
        <SegmentCard
          key={field.id}
          index={index}
          count={fields.length}
          line={lines?.[index]}
          mapsDistance={mapsDistances?.[index]}
          onRemove={() => {
            if (fields.length <= MIN_SEGMENTS) return;
            remove(index);
            onRemoved('transport', index);
          }}
        />
      ))}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => append(newTransportSegment())}>
          {t('route.add')}
        </Button>
      </Box>
    </Stack>
  );
}
