import { useController, useFieldArray, useForm, type Control, type FieldPath } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import type { OfferDto } from '@delego/contract';
import {
  DEFAULT_OFFER_REQUIREMENTS,
  ROOM_TYPES,
  TRAVELLER_DATA_FIELDS,
  offerInputSchema,
  offerIssues,
  toSimpleOfferHtml,
  type Issue,
  type OfferInput,
  type OfferPart,
  type OfferRequirements,
  type TravelItemType,
} from '@delego/domain';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { issueResolver } from '../../components/form/issue-resolver.ts';
import { AmountField } from '../../components/inputs/amount-field.tsx';
import { CurrencyField } from '../../components/inputs/currency-field.tsx';
import { DateTimeField } from '../../components/inputs/date-time-field.tsx';
import { fieldErrorText } from '../../lib/form-errors.ts';
import { RichTextEditor } from '../master-data/shared/rich-text-editor.tsx';

const NS = 'travelServiceAdmin';

interface ResponseForm {
  id?: number;
  price: string;
  currency: string;
  parts: OfferPart[];
  html: string;
  requires: OfferRequirements;
}

export interface OfferFormValues {
  responses: ResponseForm[];
  comment: string;
}

/** The part a new response of the type starts with: legs for transport, a room for a hotel, a car; a body for the rest. */
const FIRST_PART: Record<TravelItemType, OfferPart['kind'] | null> = {
  flight: 'leg',
  flightLowCost: 'leg',
  rail: 'leg',
  hotel: 'room',
  car: 'car',
  insurance: null,
  other: null,
};

export function emptyPart(kind: OfferPart['kind']): OfferPart {
  switch (kind) {
    case 'leg':
      return { kind, carrier: '', number: '', from_text: '', to_text: '', departure: null, arrival: null, seat_class: '' };
    case 'room':
      return { kind, hotel_name: '', address: '', room_type: 'single', check_in: null, check_out: null, is_breakfast: false, cancel_until: null };
    case 'car':
      return { kind, company: '', car_class: '', pick_up: null, drop_off: null, from_text: '', to_text: '' };
  }
}

export function emptyResponse(type: TravelItemType): ResponseForm {
  const kind = FIRST_PART[type];
  return { price: '', currency: 'PLN', parts: kind ? [emptyPart(kind)] : [], html: '', requires: DEFAULT_OFFER_REQUIREMENTS };
}

export function responseOf(offer: OfferDto): ResponseForm {
  return { id: offer.id, price: offer.price, currency: offer.currency, parts: offer.parts, html: offer.html, requires: offer.requires };
}

/** What is sent: a response with parts carries no body (the body is the editor of a response without parts). */
export function toOfferInput(response: ResponseForm): OfferInput {
  return {
    ...(response.id === undefined ? {} : { id: response.id }),
    price: response.price.trim(),
    currency: response.currency,
    parts: response.parts,
    html: response.parts.length > 0 ? '' : toSimpleOfferHtml(response.html),
    requires: response.requires,
  };
}

/** The server's rules for each response (spec §3 "Offer"), at their fields, plus the price being given at all. */
export function offerFormIssues(values: OfferFormValues): Issue[] {
  const issues: Issue[] = [];
  values.responses.forEach((response, index) => {
    const at = (path: readonly PropertyKey[]): Issue['path'] => ['responses', index, ...path.map((segment) => (typeof segment === 'number' ? segment : String(segment)))];
    const blankPrice = response.price.trim() === '';
    if (blankPrice) issues.push({ path: at(['price']), code: 'global.error.required' });
    const input = toOfferInput(response);
    const parsed = offerInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (blankPrice && issue.path[0] === 'price') continue;
        issues.push({ path: at(issue.path), code: issue.message });
      }
    }
    issues.push(...offerIssues(input).map((issue) => ({ ...issue, path: at(issue.path) })));
  });
  return issues;
}

export function useOfferForm(defaults: OfferFormValues) {
  return useForm<OfferFormValues>({ defaultValues: defaults, resolver: issueResolver(offerFormIssues) });
}

type OfferControl = Control<OfferFormValues>;

/** A text field of a part, bound to the form. */
function PartText({ control, name, label, maxLength }: { control: OfferControl; name: FieldPath<OfferFormValues>; label: string; maxLength: number }) {
  return <FormTextField control={control} name={name} label={label} maxLength={maxLength} />;
}

/** A date (or date and time) of a part; empty is null on the wire. */
function PartDate({ control, name, label, dateOnly }: { control: OfferControl; name: FieldPath<OfferFormValues>; label: string; dateOnly?: boolean }) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldErrorText(fieldState.error);
  return <DateTimeField label={label} dateOnly={dateOnly} value={(field.value as string | null) ?? ''} onChange={(value) => field.onChange(value === '' ? null : value)} onBlur={field.onBlur} inputRef={field.ref} error={Boolean(error)} helperText={error} />;
}

function PartEditor({ control, responseIndex, partIndex, kind, onRemove }: { control: OfferControl; responseIndex: number; partIndex: number; kind: OfferPart['kind']; onRemove: () => void }) {
  const { t } = useTranslation(NS);
  const base = `responses.${responseIndex}.parts.${partIndex}` as const;
  const name = (field: string) => `${base}.${field}` as FieldPath<OfferFormValues>;
  const label = (field: string) => t(`part.${kind}.${field}`);
  const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))', gap: 2 } as const;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="fieldset" aria-label={t(`part.${kind}.title`, { number: partIndex + 1 })}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" component="legend" sx={{ flexGrow: 1, float: 'left' }}>
          {t(`part.${kind}.title`, { number: partIndex + 1 })}
        </Typography>
        <IconButton aria-label={t(`part.${kind}.remove`, { number: partIndex + 1 })} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      </Box>
      <Box sx={grid}>
        {kind === 'leg' && (
          <>
            <PartText control={control} name={name('carrier')} label={label('carrier')} maxLength={100} />
            <PartText control={control} name={name('number')} label={label('number')} maxLength={50} />
            <PartText control={control} name={name('from_text')} label={label('from_text')} maxLength={200} />
            <PartText control={control} name={name('to_text')} label={label('to_text')} maxLength={200} />
            <PartDate control={control} name={name('departure')} label={label('departure')} />
            <PartDate control={control} name={name('arrival')} label={label('arrival')} />
            <PartText control={control} name={name('seat_class')} label={label('seat_class')} maxLength={50} />
          </>
        )}
        {kind === 'room' && (
          <>
            <PartText control={control} name={name('hotel_name')} label={label('hotel_name')} maxLength={200} />
            <PartText control={control} name={name('address')} label={label('address')} maxLength={300} />
            <PartDate control={control} name={name('check_in')} label={label('check_in')} dateOnly />
            <PartDate control={control} name={name('check_out')} label={label('check_out')} dateOnly />
            <PartDate control={control} name={name('cancel_until')} label={label('cancel_until')} dateOnly />
            <RoomChoices control={control} roomType={name('room_type')} breakfast={name('is_breakfast')} label={label} />
          </>
        )}
        {kind === 'car' && (
          <>
            <PartText control={control} name={name('company')} label={label('company')} maxLength={200} />
            <PartText control={control} name={name('car_class')} label={label('car_class')} maxLength={50} />
            <PartText control={control} name={name('from_text')} label={label('from_text')} maxLength={200} />
            <PartText control={control} name={name('to_text')} label={label('to_text')} maxLength={200} />
            <PartDate control={control} name={name('pick_up')} label={label('pick_up')} />
            <PartDate control={control} name={name('drop_off')} label={label('drop_off')} />
          </>
        )}
      </Box>
    </Paper>
  );
}

/** A room's type and breakfast: their controllers exist only for rooms, so no other part gains their keys. */
function RoomChoices({ control, roomType, breakfast, label }: { control: OfferControl; roomType: FieldPath<OfferFormValues>; breakfast: FieldPath<OfferFormValues>; label: (field: string) => string }) {
  const { t } = useTranslation(NS);
  const type = useController({ control, name: roomType });
  const withBreakfast = useController({ control, name: breakfast });
  return (
    <>
      <TextField select label={label('room_type')} value={(type.field.value as string | null) ?? ''} onChange={(event) => type.field.onChange(event.target.value || null)}>
        {ROOM_TYPES.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`travelService:roomType.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel control={<Checkbox checked={Boolean(withBreakfast.field.value)} onChange={(event) => withBreakfast.field.onChange(event.target.checked)} />} label={label('is_breakfast')} />
    </>
  );
}

/** One response: price and currency, its parts or its body, and the traveller data it requires. */
export function ResponseEditor({ control, index, onRemove }: { control: OfferControl; index: number; onRemove?: () => void }) {
  const { t } = useTranslation(NS);
  const parts = useFieldArray({ control, name: `responses.${index}.parts` });
  const price = useController({ control, name: `responses.${index}.price` });
  const currency = useController({ control, name: `responses.${index}.currency` });
  const html = useController({ control, name: `responses.${index}.html` });
  const requires = useController({ control, name: `responses.${index}.requires` });
  const priceError = fieldErrorText(price.fieldState.error);
  const currencyError = fieldErrorText(currency.fieldState.error);
  const htmlError = fieldErrorText(html.fieldState.error);
  const required = requires.field.value;
  const title = t('response.title', { number: index + 1 });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {onRemove && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={onRemove}>
            {t('response.remove', { number: index + 1 })}
          </Button>
        )}
      </Box>
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))', gap: 2 }}>
          <AmountField label={t('response.price')} value={price.field.value} onChange={price.field.onChange} onBlur={price.field.onBlur} inputRef={price.field.ref} maxIntegerDigits={12} required error={Boolean(priceError)} helperText={priceError} />
          <CurrencyField label={t('response.currency')} value={currency.field.value} onChange={currency.field.onChange} onBlur={currency.field.onBlur} required error={Boolean(currencyError)} helperText={currencyError} />
        </Box>
        {parts.fields.map((part, partIndex) => (
          <PartEditor key={part.id} control={control} responseIndex={index} partIndex={partIndex} kind={part.kind} onRemove={() => parts.remove(partIndex)} />
        ))}
        {parts.fields.length === 0 && (
          <RichTextEditor simple label={t('response.body')} value={html.field.value} onChange={html.field.onChange} error={Boolean(htmlError)} helperText={htmlError ?? t('response.bodyHint')} />
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {(['leg', 'room', 'car'] as const).map((kind) => (
            <Button key={kind} startIcon={<AddIcon />} onClick={() => parts.append(emptyPart(kind))}>
              {t(`part.${kind}.add`)}
            </Button>
          ))}
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2">
            {t('response.requires')}
          </Typography>
          <FormGroup row>
            {TRAVELLER_DATA_FIELDS.map((field) => (
              <FormControlLabel
                key={field}
                control={<Checkbox checked={required[field]} onChange={(event) => requires.field.onChange({ ...required, [field]: event.target.checked })} />}
                label={t(`travelServiceOffers:traveller.${field}`)}
              />
            ))}
          </FormGroup>
        </Box>
      </Stack>
    </Paper>
  );
}
