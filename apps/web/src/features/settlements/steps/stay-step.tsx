import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { ACCOMMODATION_SETTLEMENT_TYPES, TRANSFER_DIRECTIONS, type SingleCountryCost, formatMoneyText } from '@delego/domain';
import { AmountInput, CurrencyInput, CheckboxInput, CountryInput, DateInput, SelectInput, TextInput, useIssueText } from '../components/fields.tsx';
import { AttachmentField } from '../components/attachments.tsx';
import { BookingInput } from '../components/booking-input.tsx';
import { useFieldIssues } from '../components/form-issues-context.tsx';
import { ItemCard } from '../components/item-card.tsx';
import { countryName, regionNameFromAnnex, regionsOf } from '../model/countries.ts';
import {
  dobaCount,
  dobaStart,
  isForeignPart,
  mealCounts,
  mealsOfDobas,
  MIN_COUNTRY_PARTS,
  newAccommodation,
  newCountryPart,
  newTransfer,
  type MealValues,
  type SettlementFormValues,
} from '../model/form-values.ts';

type OnRemoved = (listKey: string, index: number) => void;

const MEALS = ['breakfast', 'lunch', 'dinner'] as const;

function SubHeading({ id, children }: { id?: string; children: string }) {
  return (
    <Typography id={id} component="h4" variant="subtitle2" sx={{ fontWeight: 600 }}>
      {children}
    </Typography>
  );
}

/**
 * Meals provided free, per doba of the part (§ 7 ust. 3–4, § 14 ust. 2): one row per doba (24 hours
 * from the entry), a checkbox per meal; the counts the spec keeps are their sums.
 */
function MealsGrid({ index }: { index: number }) {
  const { t } = useTranslation('settlement-form');
  const headingId = useId();
  const { control, setValue } = useFormContext<SettlementFormValues>();
  const [inDate, outDate, stored] = useWatch({
    control,
    name: [`country.${index}.in_date`, `country.${index}.out_date`, `country.${index}.meals_per_doba`],
  });
  const { issues, markTouched } = useFieldIssues(`country.${index}.meals`);
  const errorText = useIssueText(issues);
  const count = dobaCount(inDate, outDate);
  const meals = mealsOfDobas(stored, count);
  const sums = mealCounts(meals);

  const toggle = (doba: number, meal: (typeof MEALS)[number], checked: boolean) => {
    // Meals beyond the part's current dobas are kept, so shortening and lengthening the stay loses nothing.
    const next: MealValues[] = mealsOfDobas(stored, Math.max(stored.length, count));
    next[doba] = { ...(next[doba] as MealValues), [meal]: checked };
    setValue(`country.${index}.meals_per_doba`, next, { shouldDirty: true });
    markTouched();
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <SubHeading id={headingId}>{t('stay.meals.heading')}</SubHeading>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('stay.meals.intro')}
      </Typography>
      {count === 0 ? (
        <Typography variant="body2">{t('stay.meals.noDobas')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto', maxHeight: 420, overflowY: 'auto' }}>
          <Table size="small" stickyHeader aria-labelledby={headingId} sx={{ minWidth: 440 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('stay.meals.doba')}</TableCell>
                <TableCell>{t('stay.meals.from')}</TableCell>
                {MEALS.map((meal) => (
                  <TableCell key={meal} align="center">
                    {t(`stay.meals.${meal}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {meals.map((dobaMeals, doba) => (
                <TableRow key={doba}>
                  <TableCell component="th" scope="row">
                    {doba + 1}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dobaStart(inDate, doba)}</TableCell>
                  {MEALS.map((meal) => (
                    <TableCell key={meal} align="center" padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={dobaMeals[meal]}
                        onChange={(event) => toggle(doba, meal, event.target.checked)}
                        slotProps={{ input: { 'aria-label': t('stay.meals.mealOfDoba', { meal: t(`stay.meals.${meal}`), doba: doba + 1 }) } }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell component="th" scope="row" colSpan={2}>
                  {t('stay.meals.sum')}
                </TableCell>
                {MEALS.map((meal) => (
                  <TableCell key={meal} align="center">
                    {sums[meal]}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          </Table>
        </Box>
      )}
      {count > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('stay.meals.sums', { count, ...sums })}
        </Typography>
      )}
      {errorText && <FormHelperText error>{errorText}</FormHelperText>}
    </Box>
  );
}

function TransferList({ index, onRemoved }: { index: number; onRemoved: OnRemoved }) {
  const { t } = useTranslation('settlement-form');
  const headingId = useId();
  const { control } = useFormContext<SettlementFormValues>();
  const listKey = `country.${index}.transfer_lump_sums` as const;
  const { fields, append, remove } = useFieldArray({ control, name: listKey });
  const { issues } = useFieldIssues(listKey);
  const errorText = useIssueText(issues);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 1.5 }}>
      <Typography id={headingId} component="h5" variant="body2" sx={{ fontWeight: 600 }}>
        {t('stay.lumpSums.transfers')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('stay.lumpSums.transfersIntro')}
      </Typography>
      <Stack spacing={1.5}>
        {fields.map((field, transfer) => (
          <Grid container spacing={1.5} key={field.id} sx={{ alignItems: 'flex-start' }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput name={`${listKey}.${transfer}.city`} label={t('stay.lumpSums.city', { number: transfer + 1 })} />
            </Grid>
            <Grid size={{ xs: 9, sm: 4 }}>
              <SelectInput
                name={`${listKey}.${transfer}.direction`}
                label={t('stay.lumpSums.direction')}
                options={TRANSFER_DIRECTIONS.map((value) => ({ value, label: t(`options.transferDirection.${value}`) }))}
              />
            </Grid>
            <Grid size={{ xs: 3, sm: 2 }}>
              <Button
                color="inherit"
                onClick={() => {
                  remove(transfer);
                  onRemoved(listKey, transfer);
                }}
                aria-label={t('stay.lumpSums.removeTransfer', { number: transfer + 1 })}
              >
                {t('actions.remove')}
              </Button>
            </Grid>
          </Grid>
        ))}
        {errorText && <FormHelperText error>{errorText}</FormHelperText>}
        <Box>
          <Button size="small" startIcon={<AddIcon />} onClick={() => append(newTransfer())}>
            {t('stay.lumpSums.addTransfer')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** A stay settled as a company reservation names the hotel booking it was bought as. */
function AccommodationBooking({ path }: { path: `country.${number}.accommodation.${number}` }) {
  const { t } = useTranslation('settlement-form');
  const { control } = useFormContext<SettlementFormValues>();
  const [settlementType, meta] = useWatch({ control, name: [`${path}.settlement_type_id`, 'meta'] });
  // Bookings are attached to a saved settlement's record, so only screens that save one offer them.
  if (settlementType !== 'importReservation' || meta === undefined) return null;
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <BookingInput name={`${path}.booking_id`} label={t('bookingPicker.hotel')} kinds={['hotel']} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextInput name={`${path}.booking_text`} label={t('bookingPicker.hotelText')} maxLength={200} />
      </Grid>
    </>
  );
}

function AccommodationList({ index, onRemoved }: { index: number; onRemoved: OnRemoved }) {
  const { t } = useTranslation('settlement-form');
  const headingId = useId();
  const { control } = useFormContext<SettlementFormValues>();
  const listKey = `country.${index}.accommodation` as const;
  const { fields, append, remove } = useFieldArray({ control, name: listKey });
  const { issues } = useFieldIssues(listKey);
  const errorText = useIssueText(issues);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <SubHeading id={headingId}>{t('stay.accommodation.heading')}</SubHeading>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {fields.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('stay.accommodation.empty')}
          </Typography>
        )}
        {fields.map((field, entry) => {
          const path = `${listKey}.${entry}` as const;
          const number = entry + 1;
          return (
            <ItemCard
              key={field.id}
              level={5}
              title={t('stay.accommodation.entry', { number })}
              removeLabel={t('stay.accommodation.remove', { number })}
              onRemove={() => {
                remove(entry);
                onRemoved(listKey, entry);
              }}
            >
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <SelectInput
                    name={`${path}.settlement_type_id`}
                    label={t('stay.accommodation.settlementType')}
                    emptyLabel={t('choose')}
                    options={ACCOMMODATION_SETTLEMENT_TYPES.map((value) => ({ value, label: t(`options.accommodationSettlement.${value}`) }))}
                  />
                </Grid>
                <AccommodationBooking path={path} />
                <Grid size={{ xs: 7, sm: 4 }}>
                  <AmountInput name={`${path}.amount_in_currency`} label={t('stay.accommodation.amount')} />
                </Grid>
                <Grid size={{ xs: 5, sm: 2 }}>
                  <CurrencyInput name={`${path}.currency`} label={t('fields.currency')} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <DateInput name={`${path}.start_date`} label={t('stay.accommodation.startDate')} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <DateInput name={`${path}.end_date`} label={t('stay.accommodation.endDate')} />
                </Grid>
                <Grid size={12}>
                  <TextInput name={`${path}.comment`} label={t('stay.accommodation.comment')} multiline maxLength={1000} />
                </Grid>
                <Grid size={12}>
                  <AttachmentField name={`${path}.file_id`} section="accommodation" label={t('settlements:attachments.hotelBill')} />
                </Grid>
                <Grid size={12}>
                  <CheckboxInput
                    name={`${path}.acceptor_consent_over_limit`}
                    label={t('stay.accommodation.consent')}
                    helperText={t('stay.accommodation.consentHint')}
                  />
                </Grid>
              </Grid>
            </ItemCard>
          );
        })}
        {errorText && <FormHelperText error>{errorText}</FormHelperText>}
        <Box>
          <Button size="small" startIcon={<AddIcon />} onClick={() => append(newAccommodation())}>
            {t('stay.accommodation.add')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

interface CountryPartCardProps {
  index: number;
  count: number;
  cost: SingleCountryCost | undefined;
  onRemove: () => void;
  onRemoved: OnRemoved;
}

function CountryPartCard({ index, count, cost, onRemove, onRemoved }: CountryPartCardProps) {
  const { t, i18n } = useTranslation('settlement-form');
  const lumpSumsId = useId();
  const { control, setValue } = useFormContext<SettlementFormValues>();
  const countryCode = useWatch({ control, name: `country.${index}.country_code` });
  const foreign = isForeignPart({ country_code: countryCode });
  const regions = regionsOf(countryCode);
  const number = index + 1;
  const title = countryCode ? t('stay.partNamed', { number, country: countryName(countryCode, i18n.language) }) : t('stay.part', { number });
  return (
    <ItemCard
      title={title}
      level={3}
      removeLabel={t('stay.remove', { number })}
      removeDisabledReason={count <= MIN_COUNTRY_PARTS ? t('stay.minimum') : undefined}
      onRemove={onRemove}
      aside={
        cost && cost.country_code === countryCode ? (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {t('stay.dietDue', { amount: formatMoneyText(cost.diet_amount, cost.currency, i18n.language) })}
          </Typography>
        ) : undefined
      }
    >
      <Stack spacing={2.5}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <CountryInput
              name={`country.${index}.country_code`}
              label={t('stay.country')}
              // A region belongs to its country.
              onValueChange={() => setValue(`country.${index}.region`, '', { shouldDirty: true })}
            />
          </Grid>
          {regions.length > 0 && (
            <Grid size={{ xs: 12, sm: 6 }}>
              <SelectInput
                name={`country.${index}.region`}
                label={t('stay.region')}
                emptyLabel={t('stay.regionWhole')}
                options={regions.map((region) => ({ value: region, label: t(`region.${region}`, { defaultValue: regionNameFromAnnex(countryCode, region) }) }))}
              />
            </Grid>
          )}
        </Grid>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <DateInput name={`country.${index}.in_date`} label={t('stay.inDate')} helperText={foreign ? t('stay.inDateForeignHint') : undefined} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <DateInput name={`country.${index}.out_date`} label={t('stay.outDate')} helperText={foreign ? t('stay.outDateForeignHint') : undefined} />
          </Grid>
        </Grid>

        <MealsGrid index={index} />
        <Box>
          <CheckboxInput name={`country.${index}.full_board`} label={t('stay.fullBoard')} />
          {foreign && <CheckboxInput name={`country.${index}.hospital`} label={t('stay.hospital')} />}
        </Box>

        <Box component="section" aria-labelledby={lumpSumsId}>
          <SubHeading id={lumpSumsId}>{t('stay.lumpSums.heading')}</SubHeading>
          <CheckboxInput
            name={`country.${index}.local_transport_lump_sum`}
            label={t('stay.lumpSums.localTransport')}
            helperText={t('stay.lumpSums.localTransportHint')}
          />
          {foreign && <TransferList index={index} onRemoved={onRemoved} />}
        </Box>

        <AccommodationList index={index} onRemoved={onRemoved} />
      </Stack>
    </ItemCard>
  );
}

/** Step 3: the stay in each country with its meals, lump sums and accommodation. */
export function StayStep({ costs, onRemoved }: { costs: readonly SingleCountryCost[] | undefined; onRemoved: OnRemoved }) {
  const { t } = useTranslation('settlement-form');
  const { control, getValues } = useFormContext<SettlementFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'country' });
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('stay.intro')}
      </Typography>
      {fields.map((field, index) => (
        <CountryPartCard
          key={field.id}
          index={index}
          count={fields.length}
          cost={costs?.[index]}
          onRemoved={onRemoved}
          onRemove={() => {
            if (fields.length <= MIN_COUNTRY_PARTS) return;
            remove(index);
            onRemoved('country', index);
          }}
        />
      ))}
      <Box>
        <Button
          startIcon={<AddIcon />}
          // The next country usually begins where the previous one ended.
          onClick={() => append(newCountryPart('', getValues(`country.${fields.length - 1}.out_date`) ?? ''))}
        >
          {t('stay.add')}
        </Button>
      </Box>
    </Stack>
  );
}
