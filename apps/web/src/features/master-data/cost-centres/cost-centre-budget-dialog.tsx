import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { costCentreBudgetBodySchema, type CostCentreBudgetDto, type CostCentreOption } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { useSaveCostCentreBudget } from '../api/cost-centres.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { normalizeAmountInput } from '../shared/format.ts';
import { formSchemaFor } from '../shared/form-schema.ts';
import { showSaveError } from '../shared/server-errors.ts';
import { FormDateField } from '../../../components/form/form-date-field.tsx';
import { ANY_DAY_LIMITS } from '../../../components/inputs/date-time-field.tsx';

/** The form keeps what was typed (a cost centre as text, "12 500,50"); the schema turns it into the API body. */
const formSchema = formSchemaFor(
  z.object({
    id: z.number().optional(),
    cost_centre_id: z.string().min(1, 'global.error.required'),
    date_from: z.string().min(1, 'global.error.required'),
    date_to: z.string().min(1, 'global.error.required'),
    amount: z.string().trim().min(1, 'global.error.required'),
  }),
  (values) => ({ ...values, cost_centre_id: Number(values.cost_centre_id), amount: normalizeAmountInput(values.amount) }),
  costCentreBudgetBodySchema,
);
type Values = z.input<typeof formSchema>;
const FIELDS = ['cost_centre_id', 'date_from', 'date_to', 'amount'] as const;

function valuesOf(budget: CostCentreBudgetDto | null, defaultCostCentreId: number | undefined): Values {
  return budget
    ? { id: budget.id, cost_centre_id: String(budget.cost_centre_id), date_from: budget.date_from, date_to: budget.date_to, amount: budget.amount }
    : { cost_centre_id: defaultCostCentreId ? String(defaultCostCentreId) : '', date_from: '', date_to: '', amount: '' };
}

/** Creates a budget (`budget` null) or edits one: cost centre, period and amount in PLN. */
export function CostCentreBudgetDialog({
  open,
  budget,
  costCentres,
  defaultCostCentreId,
  onClose,
}: {
  open: boolean;
  budget: CostCentreBudgetDto | null;
  costCentres: readonly CostCentreOption[];
  defaultCostCentreId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('masterData');
  const save = useSaveCostCentreBudget();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(budget, defaultCostCentreId) });

  useEffect(() => {
    if (open) {
      form.reset(valuesOf(budget, defaultCostCentreId));
      setFormError(null);
    }
  }, [open, budget, defaultCostCentreId, form]);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: () => {
        enqueueSnackbar(t('costCentres.budgets.saved'));
        onClose();
      },
      onError: (error) => setFormError(showSaveError(error, form.setError, FIELDS)),
    });
  });

  return (
    <FormDialog open={open} title={budget ? t('costCentres.budgets.editTitle') : t('costCentres.budgets.newTitle')} onClose={onClose} onSubmit={onSubmit} isPending={save.isPending} formError={formError}>
      <FormSelectField
        control={form.control}
        name="cost_centre_id"
        label={t('costCentres.budgets.costCentre')}
        emptyLabel={t('common.choose')}
        options={costCentres.map((centre) => ({ value: String(centre.id), label: centre.name ? `${centre.ordinate} – ${centre.name}` : centre.ordinate }))}
      />
      <FormDateField control={form.control} name="date_from" {...ANY_DAY_LIMITS} label={t('costCentres.budgets.dateFrom')} />
      <FormDateField control={form.control} name="date_to" {...ANY_DAY_LIMITS} label={t('costCentres.budgets.dateTo')} />
      <FormTextField control={form.control} name="amount" label={t('costCentres.budgets.amountPln')} maxLength={20} inputMode="decimal" helperText={t('costCentres.budgets.amountHelp')} />
    </FormDialog>
  );
}
