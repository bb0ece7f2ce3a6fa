import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { TRANSPORT_SETTLEMENT_TYPES, TRANSPORT_TYPES, VEHICLE_TYPES, type TransportLine } from '@delego/domain';
import { AmountInput, CurrencyInput, DateInput, SelectInput, TextInput, useIssueText } from '../components/fields.tsx';
import { AttachmentField } from '../components/attachments.tsx';
import { useFieldIssues } from '../components/form-issues-context.tsx';
import { ItemCard } from '../components/item-card.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { hasVehicle, MIN_SEGMENTS, newTransportSegment, type SettlementFormValues } from '../model/form-values.ts';

function OwnershipInput({ index }: { index: number }) {
  const { t } = useTranslation('settlement-form');
  const name = `transport.${index}.vehicle.ownership` as const;
  const { control } = useFormContext<SettlementFormValues>();
  const { field } = useController({ control, name });
  const { issues, markTouched } = useFieldIssues(name);
  const errorText = useIssueText(issues);
  const labelId = `${name}-label`;
  return (
    <FormControl error={Boolean(errorText)}>
      <FormLabel id={labelId}>{t('route.vehicle.ownership')}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={field.name}
        value={field.value}
        onChange={(event) => {
          field.onChange(event.target.value);
          markTouched();
        }}
      >
        <FormControlLabel value="private" control={<Radio />} label={t('route.vehicle.private')} />
        <FormControlLabel value="company" control={<Radio />} label={t('route.vehicle.company')} />
      </RadioGroup>
      {errorText && <FormHelperText>{errorText}</FormHelperText>}
    </FormControl>
  );
}

/** Spec §3 "Vehicle" inline: whose vehicle, its kind and engine capacity (they set the mileage rate). */
function VehicleSection({ index }: { index: number }) {
  const { t } = useTranslation('settlement-form');
  const { control } = useFormContext<SettlementFormValues>();
  const ownership = useWatch({ control, name: `transport.${index}.vehicle.ownership` });
  const type = useWatch({ control, name: `transport.${index}.vehicle.type` });
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {t('route.vehicle.heading')}
      </Typography>
      <Stack spacing={2}>
        <OwnershipInput index={index} />
        {ownership === 'company' && (
          // Spec §5: "A non-private vehicle gets no per-kilometre lump sum."
          <Alert severity="info" role="note">
            {t('settlement:validation.nonPrivateVehicleNoMileage')}
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SelectInput
              name={`transport.${index}.vehicle.type`}
              label={t('route.vehicle.type')}
              emptyLabel={t('choose')}
              options={VEHICLE_TYPES.map((value) => ({ value, label: t(`options.vehicleType.${value}`) }))}
            />
          </Grid>
          {type === 'car' && (
            <Grid size={{ xs: 12, sm: 6 }}>
              <AmountInput name={`transport.${index}.vehicle.engine_capacity`} label={t('route.vehicle.engineCapacity')} maxDecimals={0} maxIntegerDigits={4} />
            </Grid>
          )}
        </Grid>
      </Stack>
    </Box>
  );
}

interface SegmentCardProps {
  index: number;
  count: number;
  line: TransportLine | undefined;
  onRemove: () => void;
}

function SegmentCard({ index, count, line, onRemove }: SegmentCardProps) {
  const { t, i18n } = useTranslation('settlement-form');
  const { control } = useFormContext<SettlementFormValues>();
  const [transportType, settlementType, allowedTransport] = useWatch({
    control,
    name: [`transport.${index}.transport_type`, `transport.${index}.settlement_type_id`, 'meta.allowed_transport'],
  });
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
            {t('route.due', { amount: formatMoney(line.amount, line.currency, i18n.language) })}
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
export function RouteStep({ lines, onRemoved }: { lines: readonly TransportLine[] | undefined; onRemoved: (listKey: string, index: number) => void }) {
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
