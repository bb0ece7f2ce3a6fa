import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { budgetBodySchema, type BudgetBody, type BudgetDto } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { FormSelectField } from '../../components/form/form-select-field.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { LoadErrorView } from '../../components/feedback/load-error-view.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { applyServerIssues } from '../../lib/form-errors.ts';
import { translateServerMessage } from '../../lib/server-messages.ts';
import { useBudget, useBudgetFormOptions, useSaveBudget } from './api/budgets.ts';
import { FormDateField } from '../../components/form/form-date-field.tsx';
import { ANY_DAY_LIMITS } from '../../components/inputs/date-time-field.tsx';

/**
 * The form keeps what was typed (choices as text, "12 500,50"); the contract's own schema turns it into
 * the body, so its rules (amount above zero with at most two decimals, from not after to) show at the
 * fields before anything is sent.
 */
const formSchema = z
  .object({
    id: z.number().optional(),
    cost_centre_id: z.string().min(1, 'global.error.required'),
    project_id: z.string(),
    date_from: z.string().min(1, 'global.error.required'),
    date_to: z.string().min(1, 'global.error.required'),
    amount: z.string().trim().min(1, 'global.error.required'),
  })
  .transform((values, ctx): BudgetBody => {
    const result = budgetBodySchema.safeParse({
      ...values,
      cost_centre_id: Number(values.cost_centre_id),
      project_id: values.project_id === '' ? null : Number(values.project_id),
      amount: values.amount.replace(/[\s\u00a0]/g, '').replace(',', '.'),
    });
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
type Values = z.input<typeof formSchema>;
const FIELDS = ['cost_centre_id', 'project_id', 'date_from', 'date_to', 'amount'] as const;

function valuesOf(budget: BudgetDto | undefined): Values {
  return budget
    ? { id: budget.id, cost_centre_id: String(budget.cost_centre_id), project_id: budget.project_id === null ? '' : String(budget.project_id), date_from: budget.date_from, date_to: budget.date_to, amount: budget.amount }
    : { cost_centre_id: '', project_id: '', date_from: '', date_to: '', amount: '' };
}

/** Spec §2 `/booking/report/budget/new` and `/booking/report/budget/edit/{id}`: a budget's cost centre, project, period and amount. */
export function BudgetFormPage() {
  const { id: idParam } = useParams();
  const id = idParam === undefined ? null : Number(idParam);
  const existing = useBudget(id !== null && Number.isInteger(id) && id > 0 ? id : null);
  const options = useBudgetFormOptions();
  if ((id !== null && existing.isError) || options.isError) return <LoadErrorView onRetry={() => void Promise.all([existing.refetch(), options.refetch()])} />;
  // The form waits for its choices, so a budget's cost centre is one of the select's options from the start.
  if ((id !== null && !existing.data) || !options.data) return <PageSpinner />;
  return <BudgetForm budget={existing.data?.budget} options={options.data} />;
}

function BudgetForm({ budget, options }: { budget: BudgetDto | undefined; options: { cost_centres: { id: number; name: string }[]; projects: { id: number; name: string }[] } }) {
  const { t } = useTranslation('budgets');
  const { t: tr } = useTranslation('routes');
  const navigate = useNavigate();
  const save = useSaveBudget();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values, unknown, BudgetBody>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(budget) });

  useEffect(() => form.reset(valuesOf(budget)), [budget, form]);

  const onSubmit = form.handleSubmit((body) => {
    setFormError(null);
    save.mutate(body, {
      onSuccess: () => {
        enqueueSnackbar(t('form.saved'));
        void navigate('/booking/report/budget');
      },
      onError: (error) => {
        if (applyServerIssues(error, form.setError, FIELDS)) return;
        if (error instanceof ApiError && error.status === 404) setFormError(t('form.notFound'));
        else if (error instanceof ApiError && error.status !== 403 && error.status !== 0 && error.status < 500 && error.messages[0]) setFormError(translateServerMessage(error.messages[0]));
      },
    });
  });

  return (
    <>
      <PageHeader title={tr(budget ? 'booking.budgetEdit' : 'booking.budgetNew')} />
      <Paper component="form" noValidate onSubmit={onSubmit} aria-label={tr(budget ? 'booking.budgetEdit' : 'booking.budgetNew')} sx={{ p: 3, maxWidth: 560 }}>
        <Stack spacing={2}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <FormSelectField
            control={form.control}
            name="cost_centre_id"
            label={t('form.costCentre')}
            emptyLabel=""
            options={options.cost_centres.map((centre) => ({ value: String(centre.id), label: centre.name }))}
          />
          <FormSelectField
            control={form.control}
            name="project_id"
            label={t('form.project')}
            options={[{ value: '', label: t('form.noProject') }, ...options.projects.map((project) => ({ value: String(project.id), label: project.name }))]}
          />
          <FormDateField control={form.control} name="date_from" {...ANY_DAY_LIMITS} label={t('form.dateFrom')} />
          <FormDateField control={form.control} name="date_to" {...ANY_DAY_LIMITS} label={t('form.dateTo')} />
          <FormTextField control={form.control} name="amount" label={t('form.amount')} maxLength={20} inputMode="decimal" />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to="/booking/report/budget">
              {t('form.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('form.save')}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </>
  );
}
