import { BudgetStatePanel } from '../../components/budget/budget-state-panel.tsx';
import { Fragment, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import type { TravellerOption } from '@delego/contract';
import {
  CAR_CLASSES,
  FLIGHT_CLASSES,
  RAIL_CLASSES,
  ROOM_TYPES,
  needsLateArrivalHint,
  type InsuranceBehaviour,
  type LocationType,
  type OrderItemInput,
  type TravelItemType,
  type TransportType,
  type TravelOrderConfirmation,
} from '@delego/domain';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { CurrencyField } from '../../components/inputs/currency-field.tsx';
import { DateTimeField, birthDayLimits } from '../../components/inputs/date-time-field.tsx';
import { LocationField } from '../../components/inputs/location-field.tsx';
import { TimeField } from '../../components/inputs/time-field.tsx';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { EXTERNAL_TRAVELLER, checkItem, travellerOf } from './order-form-model.ts';

const LABEL_TYPE: Record<TravelItemType, string> = {
  hotel: 'hotel',
  flight: 'flight',
  flightLowCost: 'flight',
  rail: 'rail',
  car: 'car',
  insurance: 'insurance',
  other: 'other',
};
const PLACE_TYPES: Record<TravelItemType, readonly LocationType[] | undefined> = {
  hotel: ['city', 'place'],
  flight: ['airport', 'city'],
  flightLowCost: ['airport', 'city'],
  rail: ['train_station', 'city'],
  car: undefined,
  insurance: undefined,
  other: undefined,
};
const INSURABLE: readonly TravelItemType[] = ['hotel', 'flight', 'flightLowCost', 'rail', 'car'];

export interface ItemDialogProps {
  /** The service being edited (a copy; nothing changes until it is saved). */
  item: OrderItemInput;
  isNew: boolean;
  travellers: readonly TravellerOption[];
  costCentres: readonly { id: number; ordinate: string; name: string }[];
  insuranceBehaviour: InsuranceBehaviour;
  /** Confirmations the user already gave on this order. */
  confirmed: readonly TravelOrderConfirmation[];
  /** The transport the order's trip order allows: a service of other transport is warned about at once (spec §5). */
  allowedTransport?: readonly TransportType[] | null;
  /** Problems the server reported at this service, by path inside it (e.g. `params.start_date`). */
  serverErrors?: ReadonlyMap<string, string>;
  onSave: (item: OrderItemInput, confirmed: TravelOrderConfirmation[]) => void;
  onClose: () => void;
}

type Params = Record<string, unknown>;

/**
 * A group of fields framed as a fieldset. A fieldset is at least as wide as its content by default
 * (`min-width: min-content`), which at 390 px pushed the dialog sideways; it shrinks like a box here.
 */
const FIELDSET_SX = { p: 1.5, m: 0, minWidth: 0 } as const;

/** Adds or edits one service of the order: exactly its type's §3 parameters, its travellers, cost centre and remarks. */
export function ItemDialog({
  item,
  isNew,
  travellers,
  costCentres,
  insuranceBehaviour,
  confirmed,
  allowedTransport = null,
  serverErrors,
  onSave,
  onClose,
}: ItemDialogProps) {
  const { t } = useTranslation('travelService');
  const { t: tc } = useTranslation('common');
  const fullScreen = useMediaQuery('(max-width:600px)');
  const [draft, setDraft] = useState<OrderItemInput>(item);
  const [errors, setErrors] = useState<Map<string, string>>(new Map(serverErrors));
  const [asking, setAsking] = useState<{ code: TravelOrderConfirmation; text: string } | null>(null);
  const [addingUser, setAddingUser] = useState('');
  const params = draft.params as Params;
  const type = draft.type;
  const labelOf = (field: string) => t(`param.${LABEL_TYPE[type]}.${field}`);
  const errorAt = (path: string) => errors.get(path);
  const clearError = (path: string) =>
    setErrors((current) => {
      if (!current.has(path)) return current;
      const next = new Map(current);
      next.delete(path);
      return next;
    });
  const setParam = (field: string, value: unknown) => {
    clearError(`params.${field}`);
    setDraft(
      (current) =>
        ({ ...current, params: { ...(current.params as Params), [field]: value } }) as OrderItemInput,
    );
  };

  const place = (field: string, types = PLACE_TYPES[type], required = false) => (
    <LocationField
      label={labelOf(field)}
      value={(params[field] as number | null) ?? null}
      onChange={(id) => setParam(field, id)}
      types={types}
      required={required}
      error={Boolean(errorAt(`params.${field}`))}
      helperText={errorAt(`params.${field}`)}
    />
  );
  const day = (field: string, required = false) => (
    <DateTimeField
      dateOnly
      label={labelOf(field)}
      value={(params[field] as string | null) ?? ''}
      onChange={(value) => setParam(field, value === '' ? null : value)}
      required={required}
      error={Boolean(errorAt(`params.${field}`))}
      helperText={errorAt(`params.${field}`)}
    />
  );
  const time = (field: string) => (
    <TimeField
      label={labelOf(field)}
      value={(params[field] as string | null) ?? ''}
      onChange={(value) => setParam(field, value === '' ? null : value)}
      error={Boolean(errorAt(`params.${field}`))}
      helperText={errorAt(`params.${field}`)}
    />
  );
  const flag = (field: string) => (
    <FormControlLabel
      control={
        <Checkbox
          checked={params[field] === true}
          onChange={(event) => setParam(field, event.target.checked)}
        />
      }
      label={labelOf(field)}
    />
  );
  const choice = (field: string, options: readonly { value: string; label: string }[], required = false) => (
    <TextField
      select
      label={labelOf(field)}
      value={(params[field] as string | null) ?? ''}
      onChange={(event) => setParam(field, event.target.value === '' ? null : event.target.value)}
      required={required}
      error={Boolean(errorAt(`params.${field}`))}
      helperText={errorAt(`params.${field}`)}
      fullWidth
    >
      {!required && <MenuItem value="">{t('form.notChosen')}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
  const text = (field: string, options: { multiline?: boolean; maxLength: number; required?: boolean }) => (
    <TextField
      label={labelOf(field)}
      value={(params[field] as string | undefined) ?? ''}
      onChange={(event) => setParam(field, event.target.value)}
      multiline={options.multiline}
      minRows={options.multiline ? 2 : undefined}
      required={options.required}
      error={Boolean(errorAt(`params.${field}`))}
      helperText={errorAt(`params.${field}`)}
      slotProps={{ htmlInput: { maxLength: options.maxLength } }}
      fullWidth
    />
  );
  const row = (...children: ReactNode[]) => (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}
    >
      {children.map((child, index) => (
        <Fragment key={index}>{child}</Fragment>
      ))}
    </Box>
  );
  const insurance = () => {
    if (!INSURABLE.includes(type) || insuranceBehaviour === 3) return null;
    if (insuranceBehaviour === 2)
      return (
        <FormControlLabel control={<Checkbox checked disabled />} label={t('form.insuranceAutomatic')} />
      );
    return (
      <Box>
        {flag('is_insurance')}
        <FormHelperText sx={{ mt: 0 }}>{t('form.insuranceAsk')}</FormHelperText>
      </Box>
    );
  };

  const paramFields = (): ReactNode => {
    switch (type) {
      case 'hotel':
        return (
          <>
            {place('place_id', PLACE_TYPES.hotel, true)}
            {choice(
              'room_type',
              ROOM_TYPES.map((value) => ({ value, label: t(`roomType.${value}`) })),
              true,
            )}
            {row(day('start_date', true), time('start_time'))}
            {needsLateArrivalHint({ start_time: (params.start_time as string | null) ?? null }) && (
              <Alert severity="info">{translateIssueCode('travelService.lateArrival')}</Alert>
            )}
            {row(
              day('end_date', true),
              <CurrencyField
                key="currency"
                label={labelOf('currency')}
                value={params.currency as string}
                onChange={(code) => setParam('currency', code)}
              />,
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
              {flag('is_breakfast')}
              {flag('is_free_cancellation')}
              {flag('parking_required')}
              {flag('is_additional_services')}
            </Box>
            {params.is_additional_services === true &&
              text('additional_services', { multiline: true, maxLength: 2000, required: true })}
            {insurance()}
          </>
        );
      case 'flight':
      case 'flightLowCost':
        return (
          <>
            {row(
              place('start_place_id', PLACE_TYPES.flight, true),
              place('end_place_id', PLACE_TYPES.flight, true),
            )}
            {row(day('start_date', true), time('start_time'))}
            {row(day('return_date'), time('return_time'))}
            {row(
              choice(
                'seat_class',
                FLIGHT_CLASSES.map((value) => ({ value, label: t(`seatClass.${value}`) })),
              ),
              text('preferred_seat', { maxLength: 100 }),
            )}
            {flag('is_baggage')}
            {segmentFields()}
            {insurance()}
          </>
        );
      case 'rail':
        return (
          <>
            {row(
              place('start_place_id', PLACE_TYPES.rail, true),
              place('end_place_id', PLACE_TYPES.rail, true),
            )}
            {row(day('start_date', true), time('start_time'))}
            {row(day('return_date'), time('return_time'))}
            {choice(
              'seat_class',
              RAIL_CLASSES.map((value) => ({ value, label: t(`seatClass.${value}`) })),
            )}
            {insurance()}
          </>
        );
      case 'car':
        return (
          <>
            {row(place('start_place_id', undefined, true), place('end_place_id'))}
            {row(day('start_date', true), time('start_time'))}
            {row(day('end_date', true), time('end_time'))}
            {choice(
              'car_class',
              CAR_CLASSES.map((value) => ({ value, label: t('carClass', { value: value.toUpperCase() }) })),
            )}
            {insurance()}
          </>
        );
      case 'insurance':
        return (
          <>
            {place('place_id')}
            {row(day('start_date', true), day('end_date', true))}
          </>
        );
      case 'other':
        return (
          <>
            {text('description', { multiline: true, maxLength: 2000, required: true })}
            {row(day('start_date'), day('end_date'))}
          </>
        );
    }
  };

  /** A flight's further legs after the first (spec §3 additionalSegments). */
  function segmentFields() {
    const segments =
      (params.additionalSegments as
        | {
            start_place_id: number | null;
            end_place_id: number | null;
            start_date: string | null;
            start_time: string | null;
          }[]
        | undefined) ?? [];
    const setSegments = (next: typeof segments) => setParam('additionalSegments', next);
    return (
      <Stack spacing={1.5}>
        {segments.map((segment, index) => {
          const at = (field: string) => `params.additionalSegments.${index}.${field}`;
          const update = (field: string, value: unknown) => {
            clearError(at(field));
            setSegments(segments.map((entry, i) => (i === index ? { ...entry, [field]: value } : entry)));
          };
          const title = t('param.segment.title', { number: index + 2 });
          return (
            <Paper key={index} variant="outlined" sx={FIELDSET_SX} component="fieldset" aria-label={title}>
              <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
                <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
                  {title}
                </Typography>
                <IconButton
                  aria-label={t('form.removeSegment', { number: index + 2 })}
                  onClick={() => setSegments(segments.filter((_, i) => i !== index))}
                >
                  <DeleteIcon />
                </IconButton>
              </Box>
              <Stack spacing={1.5}>
                {row(
                  <LocationField
                    key="from"
                    label={t('param.segment.start_place_id')}
                    value={segment.start_place_id}
                    types={PLACE_TYPES.flight}
                    onChange={(id) => update('start_place_id', id)}
                    required
                    error={Boolean(errorAt(at('start_place_id')))}
                    helperText={errorAt(at('start_place_id'))}
                  />,
                  <LocationField
                    key="to"
                    label={t('param.segment.end_place_id')}
                    value={segment.end_place_id}
                    types={PLACE_TYPES.flight}
                    onChange={(id) => update('end_place_id', id)}
                    required
                    error={Boolean(errorAt(at('end_place_id')))}
                    helperText={errorAt(at('end_place_id'))}
                  />,
                )}
                {row(
                  <DateTimeField
                    key="date"
                    dateOnly
                    label={t('param.segment.start_date')}
                    value={segment.start_date ?? ''}
                    onChange={(value) => update('start_date', value === '' ? null : value)}
                    required
                    error={Boolean(errorAt(at('start_date')))}
                    helperText={errorAt(at('start_date'))}
                  />,
                  <TimeField
                    key="time"
                    label={t('param.segment.start_time')}
                    value={segment.start_time ?? ''}
                    onChange={(value) => update('start_time', value === '' ? null : value)}
                  />,
                )}
              </Stack>
            </Paper>
          );
        })}
        <Box>
          <Button
            startIcon={<AddIcon />}
            disabled={segments.length >= 10}
            onClick={() => {
              const previous = segments.at(-1);
              setSegments([
                ...segments,
                {
                  start_place_id: previous?.end_place_id ?? (params.end_place_id as number | null) ?? null,
                  end_place_id: null,
                  start_date: null,
                  start_time: null,
                },
              ]);
            }}
          >
            {t('form.addSegment')}
          </Button>
        </Box>
      </Stack>
    );
  }

  const passengers = draft.passengers;
  const setPassengers = (next: OrderItemInput['passengers']) => {
    clearError('passengers');
    setDraft((current) => ({ ...current, passengers: next }));
  };
  const chosenUsers = new Set(passengers.map((person) => person.company_user_id).filter((id) => id !== null));
  const addable = travellers.filter((person) => !chosenUsers.has(person.company_user_id));

  const save = (agreed: TravelOrderConfirmation[]) => {
    const check = checkItem(draft, [...confirmed, ...agreed]);
    if (check.issues.length > 0) {
      setErrors(
        new Map(
          check.issues.map((issue) => [issue.path.join('.'), translateIssueCode(issue.code, issue.params)]),
        ),
      );
      return;
    }
    const question = check.confirmations[0];
    if (question) {
      setAsking({
        code: question.code as TravelOrderConfirmation,
        text: translateIssueCode(question.code, question.params),
      });
      return;
    }
    onSave(draft, agreed);
  };

  // The type is chosen before the dialog opens: the warning shows from the start, before any save.
  const transportWarning = checkItem(draft, confirmed, allowedTransport)
    .warnings.filter((warning) => warning.code === 'travelService.transportNotAllowed')
    .map((warning) => translateIssueCode(warning.code, warning.params))[0];
  const title = t(isNew ? 'form.addTitle' : 'form.editTitle', { type: t(`type.${type}`) });
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby="travel-item-dialog-title"
    >
      <DialogTitle id="travel-item-dialog-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {transportWarning && (
            <Alert severity="warning" id="travel-item-transport-warning">
              {transportWarning}
            </Alert>
          )}
          {paramFields()}
          <Typography variant="subtitle1" component="h3">
            {t('summary.passengers')}
          </Typography>
          {errorAt('passengers') && <Alert severity="error">{errorAt('passengers')}</Alert>}
          {passengers.map((person, index) => {
            const at = (field: string) => `passengers.${index}.${field}`;
            const name = `${person.name} ${person.surname}`.trim();
            if (person.company_user_id !== null) {
              return (
                <Box
                  key={`user-${person.company_user_id}`}
                  sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
                >
                  <Typography sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{name}</Typography>
                  <IconButton
                    aria-label={t('form.removeTraveller', { name })}
                    onClick={() => setPassengers(passengers.filter((_, i) => i !== index))}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Box>
              );
            }
            const update = (field: keyof typeof person, value: string | null) => {
              clearError(at(field));
              setPassengers(
                passengers.map((entry, i) => (i === index ? { ...entry, [field]: value } : entry)),
              );
            };
            const field = (
              key: 'name' | 'surname' | 'email' | 'phone' | 'document_number',
              maxLength: number,
              required = false,
            ) => (
              <TextField
                key={key}
                label={t(`traveller.${key}`)}
                value={person[key]}
                onChange={(event) => update(key, event.target.value)}
                required={required}
                error={Boolean(errorAt(at(key)))}
                helperText={errorAt(at(key))}
                slotProps={{ htmlInput: { maxLength } }}
                fullWidth
              />
            );
            const heading = t('traveller.external', { number: index + 1 });
            return (
              <Paper
                key={`external-${index}`}
                variant="outlined"
                sx={FIELDSET_SX}
                component="fieldset"
                aria-label={heading}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
                  <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
                    {heading}
                  </Typography>
                  <IconButton
                    aria-label={t('form.removeTraveller', { name: name || heading })}
                    onClick={() => setPassengers(passengers.filter((_, i) => i !== index))}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Box>
                <Stack spacing={1.5}>
                  {row(field('name', 100, true), field('surname', 100, true))}
                  {row(field('email', 200), field('phone', 50))}
                  {row(
                    <DateTimeField
                      key="birth"
                      dateOnly
                      {...birthDayLimits()}
                      label={t('traveller.birth_date')}
                      value={person.birth_date ?? ''}
                      onChange={(value) => update('birth_date', value === '' ? null : value)}
                    />,
                    field('document_number', 50),
                  )}
                </Stack>
              </Paper>
            );
          })}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={t('form.addWorker')}
              value={addingUser}
              onChange={(event) => {
                const person = travellers.find((option) => String(option.id) === event.target.value);
                if (person) setPassengers([...passengers, travellerOf(person)]);
                setAddingUser('');
              }}
              sx={{ minWidth: 220 }}
              disabled={addable.length === 0}
            >
              {addable.map((person) => (
                <MenuItem key={person.id} value={String(person.id)}>
                  {person.name} {person.surname}
                </MenuItem>
              ))}
            </TextField>
            <Button
              startIcon={<AddIcon />}
              onClick={() => setPassengers([...passengers, { ...EXTERNAL_TRAVELLER }])}
              disabled={passengers.length >= 20}
            >
              {t('form.addExternal')}
            </Button>
          </Box>
          {row(
            <TextField
              key="cost-centre"
              select
              label={t('summary.costCentre')}
              value={draft.cost_centre_id === null ? '' : String(draft.cost_centre_id)}
              onChange={(event) =>
                setDraft((current) => ({
                  ...current,
                  cost_centre_id: event.target.value === '' ? null : Number(event.target.value),
                }))
              }
              fullWidth
            >
              <MenuItem value="">{t('form.notChosen')}</MenuItem>
              {costCentres.map((centre) => (
                <MenuItem key={centre.id} value={String(centre.id)}>
                  {centre.ordinate} – {centre.name}
                </MenuItem>
              ))}
            </TextField>,
          )}
          {/* The chosen cost centre's budget on the service's first day; the price is known only once an offer is chosen (issue 11 §3). */}
          <BudgetStatePanel costCentreId={draft.cost_centre_id} day={typeof draft.params.start_date === 'string' ? draft.params.start_date : null} />
          <TextField
            label={t('summary.comment')}
            value={draft.comment}
            onChange={(event) => setDraft((current) => ({ ...current, comment: event.target.value }))}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tc('actions.cancel')}</Button>
        <Button variant="contained" onClick={() => save([])}>
          {t('form.saveItem')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={asking !== null}
        title={t('form.confirmTitle')}
        message={asking?.text ?? ''}
        confirmLabel={t('form.confirmSave')}
        onConfirm={() => {
          const code = asking!.code;
          setAsking(null);
          save([code]);
        }}
        onClose={() => setAsking(null)}
      />
    </Dialog>
  );
}
