import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { ADVANCE_PAYMENT_TYPES, ADVANCE_STATUSES, OTHER_COST_PAYMENT_TYPES, OTHER_COST_TYPES, type CalculatedSettlement, formatMoneyText, formatWallTime } from '@delego/domain';
import { BudgetStatePanel } from '../../../components/budget/budget-state-panel.tsx';
import { AdvanceAttachments, AttachmentField, DocumentAttachments } from '../components/attachments.tsx';
import { OtherBookings } from '../components/other-bookings.tsx';
import { CalculationView } from '../components/calculation-view.tsx';
import { useInvalidAmounts } from '../components/form-issues-context.tsx';
import { AmountInput, CurrencyInput, DateInput, SelectInput, TextInput } from '../components/fields.tsx';
import { ItemCard } from '../components/item-card.tsx';
import { newAdvance, newOtherCost, type AdvanceValues, type SettlementFormValues } from '../model/form-values.ts';

type OnRemoved = (listKey: string, index: number) => void;

function StepSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function OtherCosts({ onRemoved }: { onRemoved: OnRemoved }) {
  const { t } = useTranslation('settlement-form');
  const { control } = useFormContext<SettlementFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'other' });
  return (
    <StepSection title={t('other.heading')}>
      <Stack spacing={2}>
        {fields.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('other.empty')}
          </Typography>
        )}
        {fields.map((field, index) => {
          const number = index + 1;
          return (
            <ItemCard
              key={field.id}
              level={4}
              title={t('other.entry', { number })}
              removeLabel={t('other.remove', { number })}
              onRemove={() => {
                remove(index);
                onRemoved('other', index);
              }}
            >
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <SelectInput
                    name={`other.${index}.type_id`}
                    label={t('other.type')}
                    emptyLabel={t('choose')}
                    options={OTHER_COST_TYPES.map((value) => ({ value, label: t(`options.otherCostType.${value}`) }))}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <SelectInput
                    name={`other.${index}.payment_type_id`}
                    label={t('other.paymentType')}
                    emptyLabel={t('choose')}
                    options={OTHER_COST_PAYMENT_TYPES.map((value) => ({ value, label: t(`options.paymentType.${value}`) }))}
                  />
                </Grid>
                <Grid size={{ xs: 7, sm: 4 }}>
                  <AmountInput name={`other.${index}.amount_in_currency`} label={t('other.amount')} />
                </Grid>
                <Grid size={{ xs: 5, sm: 2 }}>
                  <CurrencyInput name={`other.${index}.currency`} label={t('fields.currency')} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextInput name={`other.${index}.bill_number`} label={t('other.billNumber')} maxLength={100} />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <DateInput name={`other.${index}.bill_date`} label={t('other.billDate')} dateOnly />
                </Grid>
                <Grid size={12}>
                  <TextInput name={`other.${index}.bill_description`} label={t('other.description')} multiline maxLength={1000} />
                </Grid>
                <Grid size={12}>
                  <AttachmentField name={`other.${index}.file_id`} section="other" label={t('settlements:attachments.bill')} />
                </Grid>
              </Grid>
            </ItemCard>
          );
        })}
        <Box>
          <Button startIcon={<AddIcon />} onClick={() => append(newOtherCost())}>
            {t('other.add')}
          </Button>
        </Box>
      </Stack>
    </StepSection>
  );
}

/**
 * An advance of the base order, read-only: the server takes its amount, payment and status from the
 * order (they change on the advances screen), so editing them here would be lost on save.
 */
function OrderAdvance({ advance }: { advance: AdvanceValues }) {
  const { t, i18n } = useTranslation('settlement-form');
  const details = [
    formatMoneyText(advance.amount_in_currency, advance.currency, i18n.language),
    advance.payment_type ? t(`options.advancePaymentType.${advance.payment_type}`) : null,
    advance.payment_date ? t('advances.paidOn', { date: formatWallTime(advance.payment_date, i18n.language) }) : t('advances.notPaid'),
    advance.status ? t(`options.advanceStatus.${advance.status}`) : null,
  ].filter(Boolean);
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2">{details.join(' · ')}</Typography>
      <Typography variant="caption" color="text.secondary">
        {t('advances.fromOrder')}
      </Typography>
    </Stack>
  );
}

/** The fields of an advance the employee enters on the settlement. */
function AdvanceFields({ index }: { index: number }) {
  const { t } = useTranslation('settlement-form');
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 7, sm: 4 }}>
        <AmountInput name={`advances.${index}.amount_in_currency`} label={t('advances.amount')} />
      </Grid>
      <Grid size={{ xs: 5, sm: 2 }}>
        <CurrencyInput name={`advances.${index}.currency`} label={t('fields.currency')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectInput
          name={`advances.${index}.payment_type`}
          label={t('advances.paymentType')}
          emptyLabel={t('choose')}
          options={ADVANCE_PAYMENT_TYPES.map((value) => ({ value, label: t(`options.advancePaymentType.${value}`) }))}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DateInput name={`advances.${index}.payment_date`} label={t('advances.paymentDate')} dateOnly helperText={t('advances.paymentDateHint')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectInput
          name={`advances.${index}.status`}
          label={t('advances.status')}
          options={ADVANCE_STATUSES.map((value) => ({ value, label: t(`options.advanceStatus.${value}`) }))}
        />
      </Grid>
      <Grid size={12}>
        <TextInput name={`advances.${index}.comment`} label={t('advances.comment')} multiline maxLength={1000} />
      </Grid>
    </Grid>
  );
}

function Advances({ onRemoved }: { onRemoved: OnRemoved }) {
  const { t } = useTranslation('settlement-form');
  const { control } = useFormContext<SettlementFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'advances' });
  // `fields` hides the advances' own `id` behind its keys: the values say which come from the order.
  const advances = useWatch({ control, name: 'advances' });
  return (
    <StepSection title={t('advances.heading')}>
      <Stack spacing={2}>
        {fields.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('advances.empty')}
          </Typography>
        )}
        {fields.map((field, index) => {
          const number = index + 1;
          const advance = advances[index];
          const fromOrder = advance?.id !== null && advance?.id !== undefined;
          return (
            <ItemCard
              key={field.id}
              level={4}
              title={t('advances.entry', { number })}
              removeLabel={t('advances.remove', { number })}
              removeDisabledReason={fromOrder ? t('advances.fromOrderNotRemovable') : undefined}
              onRemove={() => {
                remove(index);
                onRemoved('advances', index);
              }}
            >
              <Stack spacing={2}>
                {fromOrder && advance ? <OrderAdvance advance={advance} /> : <AdvanceFields index={index} />}
                <AdvanceAttachments index={index} number={number} />
              </Stack>
            </ItemCard>
          );
        })}
        <Box>
          <Button startIcon={<AddIcon />} onClick={() => append(newAdvance())}>
            {t('advances.add')}
          </Button>
        </Box>
      </Stack>
    </StepSection>
  );
}

interface SummaryStepProps {
  calculated: CalculatedSettlement | null;
  /** An answer arrived but the form's shape kept it from being calculated. */
  hasAnswer: boolean;
  onRemoved: OnRemoved;
}

/** Step 4: other costs, advances, the calculation with its explanations, and a word on attachments. */
export function SummaryStep({ calculated, hasAnswer, onRemoved }: SummaryStepProps) {
  const { t } = useTranslation('settlement-form');
  const { control } = useFormContext<SettlementFormValues>();
  // The settlement's own files need a screen that saves it (a form with `meta`).
  const meta = useWatch({ control, name: 'meta' });
  const hasMeta = meta !== undefined;
  const startDate = useWatch({ control, name: 'start_date' });
  const invalidAmounts = useInvalidAmounts();
  return (
    <Stack spacing={4}>
      <OtherCosts onRemoved={onRemoved} />
      <Advances onRemoved={onRemoved} />
      <StepSection title={t('calc.heading')}>
        {calculated ? (
          <CalculationView calculated={calculated} invalidAmounts={invalidAmounts} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t(hasAnswer ? 'calc.notCalculated' : 'calc.empty')}
          </Typography>
        )}
        {/* Before sending: the cost centre's budget on the trip's first day with this settlement counted and its order's estimate released (issue 11 §3). */}
        {meta && meta.cost_centre_id !== '' && (
          <BudgetStatePanel
            costCentreId={Number(meta.cost_centre_id)}
            projectId={meta.project_id === '' ? null : Number(meta.project_id)}
            day={startDate}
            amount={calculated?.total_pln ?? null}
            delegationOrderId={meta.delegation_order_id}
          />
        )}
      </StepSection>
      {hasMeta && (
        <StepSection title={t('otherBookings.heading')}>
          <OtherBookings />
        </StepSection>
      )}
      <StepSection title={t('attachments.heading')}>
        {hasMeta ? <DocumentAttachments /> : <Alert severity="info" role="note">{t('attachments.afterSave')}</Alert>}
      </StepSection>
    </Stack>
  );
}
