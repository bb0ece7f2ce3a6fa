import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { Controller, useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADVANCE_PAYMENT_TYPES,
  COUNTRY_CODES,
  MAX_ORDER_DESTINATIONS,
  OTHER_PURPOSE,
  TRANSPORT_TYPES,
  delegationOrderFormSchema,
  emptyDelegationOrderForm,
  toLocalDate,
  validateDelegationOrder,
  type DelegationOrderForm,
  type Issue,
  type OrderEstimate,
} from '@delego/domain';
import type { DelegationOrderDto, OrderFormData } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { BudgetStatePanel } from '../../components/budget/budget-state-panel.tsx';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { ReturnReasonAlert } from '../../components/feedback/return-reason-alert.tsx';
import { AmountField } from '../../components/inputs/amount-field.tsx';
import { CurrencyField } from '../../components/inputs/currency-field.tsx';
import { DateTimeField } from '../../components/inputs/date-time-field.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { fieldErrorText } from '../../lib/form-errors.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { useCurrentUser } from '../../lib/session.tsx';
import { useAvailableUsers, useDelegationOrder, useLoadOrderTemplate, useOrderAction, useOrderEstimate, useOrderFormData, useSaveDelegationOrder } from './api/use-delegation-orders.ts';
import { CALCULATION_DEBOUNCE_MS } from '../settlements/api/use-settlement-calculation.ts';
import { EstimateTable } from './delegation-order-view.tsx';
import { OrderStatusChip } from './order-labels.tsx';
import { SaveTemplateDialog, TemplatePickerDialog } from './template-dialogs.tsx';

type FormValues = DelegationOrderForm;

/** The form runs the server's rules (spec §5), so problems show at their fields before saving. */
function orderSchema(options: { multipleAdvances: boolean; commentRequired: (taskId: FormValues['task_id']) => boolean }) {
  return delegationOrderFormSchema.superRefine((values, ctx) => {
    const issues = validateDelegationOrder(values, {
      multipleAdvances: options.multipleAdvances,
      taskRequiresComment: options.commentRequired(values.task_id),
      today: toLocalDate(new Date()),
    });
    for (const issue of issues) {
      // Texts with parameters are translated now: react-hook-form keeps only a message per error.
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.params ? translateIssueCode(issue.code, issue.params) : issue.code });
    }
  });
}

function valuesOf(order: DelegationOrderDto, numbering: OrderFormData['settings']['numbering_assignment']): FormValues {
  const editableNumber = numbering !== 'autoOnly' && !order.is_number_permanent;
  return {
    id: order.id,
    version: order.version,
    user_id: order.user_id,
    cost_centre_id: order.cost_centre_id,
    task_id: order.task_id,
    task: order.task ?? '',
    add_description: order.add_description ?? '',
    destinations: order.destinations,
    destinationText: order.destinationText ?? '',
    start_place_text: order.start_place_text ?? '',
    end_place_text: order.end_place_text ?? '',
    start_date: order.start_date,
    end_date: order.end_date,
    allowed_transport: order.allowed_transport,
    allowed_transport_cost: order.allowed_transport_cost ?? '',
    settlement_deadline: order.settlement_deadline ?? '',
    project_id: order.project_id,
    external_customer_id: order.external_customer_id,
    custom_number: editableNumber ? (order.custom_number ?? order.number ?? '') : '',
    advances: order.advances.map((advance) => ({
      ...(advance.id !== undefined ? { id: advance.id } : {}),
      amount_in_currency: advance.amount_in_currency,
      currency: advance.currency,
      payment_type: advance.payment_type,
      payment_date: advance.payment_date ?? '',
      comment: advance.comment,
    })),
  };
}

function blankForm(userId: number | null): FormValues {
  const empty = emptyDelegationOrderForm(userId);
  return { ...empty, task: '', add_description: '', destinationText: '', start_place_text: '', end_place_text: '', start_date: '', end_date: '', allowed_transport_cost: '', settlement_deadline: '', custom_number: '' };
}

function CountrySelect({ value, onChange, label, error }: { value: string; onChange: (code: string) => void; label: string; error?: string }) {
  const { i18n } = useTranslation();
  const names = useMemo(() => {
    const display = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return COUNTRY_CODES.map((code) => ({ code, name: display.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [i18n.language]);
  return (
    <TextField select label={label} value={value} onChange={(event) => onChange(event.target.value)} error={Boolean(error)} helperText={error} sx={{ minWidth: 200 }}>
      {names.map((country) => (
        <MenuItem key={country.code} value={country.code}>
          {country.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface OrderFormProps {
  order: DelegationOrderDto | null;
  initial: FormValues;
  data: OrderFormData;
  workers: { id: number; fullName: string }[];
}

function OrderForm({ order, initial, data, workers }: OrderFormProps) {
  const { t, i18n } = useTranslation('delegation-order');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const save = useSaveDelegationOrder();
  const submit = useOrderAction();
  const loadTemplate = useLoadOrderTemplate();
  const [formError, setFormError] = useState<'notValidated' | 'unexpected' | null>(null);
  const [calculated, setCalculated] = useState<OrderEstimate | null>(order?.estimate ?? null);
  // The form as last changed, estimated once typing pauses (spec §4, like the settlement); null until the first change.
  const [requested, setRequested] = useState<FormValues | null>(null);
  const [templateDialog, setTemplateDialog] = useState<'save' | 'pick' | null>(null);
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const settings = data.settings;
  const commentRequired = (taskId: FormValues['task_id']) => typeof taskId === 'number' && (data.tasks.find((task) => task.id === taskId)?.comment_required ?? false);
  const form = useForm<FormValues>({
    resolver: zodResolver(orderSchema({ multipleAdvances: settings.multiple_advances, commentRequired })),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const destinations = useFieldArray({ control: form.control, name: 'destinations' });
  const advances = useFieldArray({ control: form.control, name: 'advances', keyName: 'key' });
  const taskId = useWatch({ control: form.control, name: 'task_id' });
  const [budgetCentreId, budgetProjectId, budgetDay] = useWatch({ control: form.control, name: ['cost_centre_id', 'project_id', 'start_date'] });
  const numberEditable = settings.numbering_assignment !== 'autoOnly' && !(order?.is_number_permanent ?? false);
  const proposal = order && !order.is_number_permanent ? order.number : null;
  const language = i18n.language === 'en-US' ? 'en' : 'pl';

  /** What the server stores: a number equal to the counter's proposal is not a choice of the user's. */
  const bodyOf = (values: FormValues): FormValues => ({ ...values, custom_number: values.custom_number?.trim() && values.custom_number.trim() !== proposal ? values.custom_number.trim() : null });

  /** The server's issues at their fields; after a save the first takes the focus, after an estimate the user keeps it. */
  const showIssues = (issues: Issue[], focus = true) => {
    let first = focus;
    for (const issue of issues) {
      form.setError(issue.path.join('.') as FieldPath<FormValues>, { type: 'server', message: translateIssueCode(issue.code, issue.params) }, { shouldFocus: first });
      first = false;
    }
  };

  const persist = (andSubmit: boolean) =>
    form.handleSubmit(
      (values) => {
        setFormError(null);
        save.mutate(bodyOf(values), {
          onSuccess: (answer) => {
            if (answer.status === 'error') {
              setFormError('notValidated');
              showIssues(answer.issues);
              return;
            }
            const saved = answer.delegationOrder;
            setCalculated(saved.estimate);
            if (!andSubmit) {
              enqueueSnackbar(t('form.saved'));
              navigate(`/delegation-order/edit/${saved.id}`, { replace: true });
              form.reset(valuesOf(saved, settings.numbering_assignment));
              return;
            }
            submit.mutate(
              { id: saved.id, action: 'submit', version: saved.version },
              {
                onSuccess: () => {
                  enqueueSnackbar(t('done.submit'));
                  navigate(`/delegation-order/readonly/${saved.id}`);
                },
                // The order is saved; the failure's message was shown: continue on its edit screen.
                onError: () => navigate(`/delegation-order/edit/${saved.id}`, { replace: true }),
              },
            );
          },
          onError: (error) => {
            if (error instanceof ApiError && error.status === 0) setFormError('unexpected');
            else if (error instanceof ApiError && error.issues.length > 0) {
              setFormError('notValidated');
              showIssues(error.issues);
            }
          },
        });
      },
      () => setFormError('notValidated'),
    );

  const estimate = useOrderEstimate(requested && bodyOf(requested));
  const estimateTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      // A reset (a loaded template, a saved order) has no field name: its own answer comes with it.
      if (name === undefined) return;
      clearTimeout(estimateTimer.current);
      estimateTimer.current = setTimeout(() => setRequested(form.getValues()), CALCULATION_DEBOUNCE_MS);
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(estimateTimer.current);
    };
  }, [form]);

  // The estimate's answer carries the save's issues, those needing the company's records too: they show at the
  // fields the user has already filled or left (a new order's empty fields wait for the save), and an issue the
  // newest answer no longer has is cleared.
  const estimatedIssuePaths = useRef<FieldPath<FormValues>[]>([]);
  useEffect(() => {
    const answer = estimate.data;
    if (!answer || estimate.isPlaceholderData) return;
    setCalculated(answer.estimate);
    const shown = answer.validation.filter((issue) => {
      const state = form.getFieldState(issue.path.join('.') as FieldPath<FormValues>);
      return form.formState.isSubmitted || state.isTouched || state.isDirty;
    });
    const paths = new Set(shown.map((issue) => issue.path.join('.')));
    for (const path of estimatedIssuePaths.current) {
      if (!paths.has(path) && form.getFieldState(path).error?.type === 'server') form.clearErrors(path);
    }
    estimatedIssuePaths.current = [...paths] as FieldPath<FormValues>[];
    showIssues(shown, false);
    // `showIssues` and `form` read the form's live state; the answer alone decides when this runs.
  }, [estimate.data, estimate.isPlaceholderData]);

  useEffect(() => {
    if (order && order.estimate) setCalculated(order.estimate);
  }, [order]);

  const startFromTemplate = (id: number) =>
    loadTemplate.mutate(id, {
      onSuccess: (answer) => {
        const current = form.getValues('user_id');
        form.reset({ ...blankForm(current), ...answer.order, user_id: current, custom_number: '' });
        setTemplateDialog(null);
        enqueueSnackbar(t('templates.loaded', { name: answer.template.name }));
      },
    });

  const textField = (name: FieldPath<FormValues>, label: string, options: { multiline?: boolean; required?: boolean; maxLength?: number } = {}) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          name={field.name}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          required={options.required}
          multiline={options.multiline}
          minRows={options.multiline ? 2 : undefined}
          error={Boolean(fieldState.error)}
          helperText={fieldErrorText(fieldState.error)}
          fullWidth
          slotProps={{ htmlInput: { maxLength: options.maxLength ?? 200 } }}
        />
      )}
    />
  );

  const dateField = (name: 'start_date' | 'end_date' | 'settlement_deadline' | `advances.${number}.payment_date`, label: string, options: { required?: boolean; dateOnly?: boolean } = {}) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <DateTimeField
          label={label}
          required={options.required}
          dateOnly={options.dateOnly}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldErrorText(fieldState.error)}
        />
      )}
    />
  );

  const amountField = (name: 'allowed_transport_cost' | `advances.${number}.amount_in_currency`, label: string, options: { required?: boolean; unit?: string } = {}) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <AmountField
          label={label}
          required={options.required}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          unit={options.unit}
          error={Boolean(fieldState.error)}
          helperText={fieldErrorText(fieldState.error)}
        />
      )}
    />
  );

  const idSelect = (name: 'cost_centre_id' | 'project_id' | 'external_customer_id', label: string, options: { id: number; label: string }[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          value={field.value === null ? '' : String(field.value)}
          onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
          error={Boolean(fieldState.error)}
          helperText={fieldErrorText(fieldState.error)}
          fullWidth
        >
          <MenuItem value="">{t('form.none')}</MenuItem>
          {options.map((option) => (
            <MenuItem key={option.id} value={String(option.id)}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  const busy = save.isPending || submit.isPending;
  const advancesError = form.formState.errors.advances?.root?.message ?? form.formState.errors.advances?.message;
  const destinationsError = form.formState.errors.destinations?.root?.message ?? form.formState.errors.destinations?.message;

  return (
    <Box component="form" noValidate onSubmit={persist(false)} aria-label={t('form.title')}>
      <Stack spacing={2}>
        {formError && (
          <Alert severity="error" onClose={() => setFormError(null)}>
            {formError === 'notValidated' ? t('messages.formNotValidated') : t('messages.unexpected')}
          </Alert>
        )}
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('form.general')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
            <Controller
              control={form.control}
              name="user_id"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label={t('form.worker')}
                  required
                  value={field.value === null ? '' : String(field.value)}
                  onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
                  onBlur={field.onBlur}
                  error={Boolean(fieldState.error)}
                  helperText={fieldErrorText(fieldState.error)}
                  disabled={order !== null}
                >
                  {workers.map((person) => (
                    <MenuItem key={person.id} value={String(person.id)}>
                      {person.fullName}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {numberEditable ? (
              textField('custom_number', settings.numbering_assignment === 'manual' ? t('form.number') : t('form.proposedNumber'), { maxLength: 100 })
            ) : (
              <TextField label={t('form.number')} value={order?.number ?? t('form.numberLater')} slotProps={{ htmlInput: { readOnly: true } }} />
            )}
            <Controller
              control={form.control}
              name="task_id"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label={t('form.purpose')}
                  required
                  value={field.value === null ? '' : String(field.value)}
                  onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value === OTHER_PURPOSE ? OTHER_PURPOSE : Number(event.target.value))}
                  onBlur={field.onBlur}
                  error={Boolean(fieldState.error)}
                  helperText={fieldErrorText(fieldState.error)}
                >
                  {data.tasks.map((task) => (
                    <MenuItem key={task.id} value={String(task.id)}>
                      {language === 'en' ? task.name_en : task.name_pl}
                    </MenuItem>
                  ))}
                  {/* A company's own reason that asks for a description plays the role of "other". */}
                  {!data.tasks.some((task) => task.comment_required) && <MenuItem value={OTHER_PURPOSE}>{t('form.otherPurpose')}</MenuItem>}
                </TextField>
              )}
            />
            {textField('task', t('form.purposeDescription'), { required: taskId === OTHER_PURPOSE || commentRequired(taskId), maxLength: 1000 })}
            <Box sx={{ gridColumn: { md: '1 / -1' } }}>{textField('add_description', t('form.addDescription'), { multiline: true, maxLength: 2000 })}</Box>
            {dateField('start_date', t('form.startDate'), { required: true })}
            {dateField('end_date', t('form.endDate'), { required: true })}
            {textField('start_place_text', t('form.startPlace'), { required: true })}
            {textField('end_place_text', t('form.endPlace'), { required: true })}
          </Box>
        </Paper>

        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('form.destinations')}
          </Typography>
          <Stack spacing={2}>
            {destinations.fields.map((item, index) => (
              <Stack key={item.id} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
                {textField(`destinations.${index}.place_text`, t('form.place', { index: index + 1 }), { required: true })}
                <Controller
                  control={form.control}
                  name={`destinations.${index}.country_code`}
                  render={({ field, fieldState }) => (
                    <CountrySelect label={t('form.country', { index: index + 1 })} value={field.value} onChange={field.onChange} error={fieldErrorText(fieldState.error)} />
                  )}
                />
                <Tooltip title={t('form.removeDestination', { index: index + 1 })}>
                  <span>
                    <IconButton aria-label={t('form.removeDestination', { index: index + 1 })} disabled={destinations.fields.length <= 1} onClick={() => destinations.remove(index)}>
                      <DeleteIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
            ))}
            {destinationsError && <FormHelperText error>{fieldErrorText({ type: 'validate', message: destinationsError })}</FormHelperText>}
            <Box>
              <Button startIcon={<AddIcon />} disabled={destinations.fields.length >= MAX_ORDER_DESTINATIONS} onClick={() => destinations.append({ place_text: '', country_code: 'PL' })}>
                {t('form.addDestination')}
              </Button>
            </Box>
            {textField('destinationText', t('form.destinationText'), { maxLength: 1000 })}
          </Stack>
        </Paper>

        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('form.transportAndCosts')}
          </Typography>
          <Controller
            control={form.control}
            name="allowed_transport"
            render={({ field }) => (
              <FormControl component="fieldset">
                <FormLabel component="legend">{t('form.allowedTransport')}</FormLabel>
                <FormGroup row>
                  {TRANSPORT_TYPES.map((type) => (
                    <FormControlLabel
                      key={type}
                      label={t(`transport.${type}`)}
                      control={
                        <Checkbox
                          checked={field.value.includes(type)}
                          onChange={(event) => field.onChange(event.target.checked ? [...field.value, type] : field.value.filter((value) => value !== type))}
                        />
                      }
                    />
                  ))}
                </FormGroup>
              </FormControl>
            )}
          />
          <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
            {amountField('allowed_transport_cost', t('form.allowedTransportCost'), { unit: 'PLN' })}
            {dateField('settlement_deadline', t('form.settlementDeadline'), { dateOnly: true })}
            {idSelect('cost_centre_id', t('form.costCentre'), data.cost_centres.map((centre) => ({ id: centre.id, label: centre.name ? `${centre.ordinate} – ${centre.name}` : centre.ordinate })))}
            {idSelect('project_id', t('form.project'), data.projects.map((project) => ({ id: project.id, label: project.name })))}
            {idSelect('external_customer_id', t('form.contractor'), data.contractors.map((contractor) => ({ id: contractor.id, label: contractor.name })))}
          </Box>
          {/* The chosen cost centre's budget on the trip's first day, with the order's estimate counted (issue 11 §3). */}
          <BudgetStatePanel costCentreId={budgetCentreId ?? null} projectId={budgetProjectId ?? null} day={budgetDay} amount={calculated?.total_pln ?? null} />
        </Paper>

        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('form.advances')}
          </Typography>
          <Stack spacing={2}>
            {advances.fields.length === 0 && <Typography color="text.secondary">{t('form.noAdvances')}</Typography>}
            {advances.fields.map((item, index) => {
              const status = item.id !== undefined ? order?.advances.find((advance) => advance.id === item.id)?.status : undefined;
              const locked = status !== undefined && status !== 'unknown';
              return (
                <Box key={item.key} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1.2fr 0.8fr 1fr 1fr 2fr auto' }, alignItems: 'start' }} role="group" aria-label={t('form.advance', { index: index + 1 })}>
                  {amountField(`advances.${index}.amount_in_currency`, t('advance.amount'), { required: true })}
                  <Controller
                    control={form.control}
                    name={`advances.${index}.currency`}
                    render={({ field, fieldState }) => (
                      <CurrencyField
                        label={t('advance.currency')}
                        required
                        name={field.name}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        inputRef={field.ref}
                        error={Boolean(fieldState.error)}
                        helperText={fieldErrorText(fieldState.error)}
                      />
                    )}
                  />
                  <Controller
                    control={form.control}
                    name={`advances.${index}.payment_type`}
                    render={({ field, fieldState }) => (
                      <TextField select label={t('advance.paymentType')} required value={field.value} onChange={field.onChange} error={Boolean(fieldState.error)} helperText={fieldErrorText(fieldState.error)}>
                        {ADVANCE_PAYMENT_TYPES.map((type) => (
                          <MenuItem key={type} value={type}>
                            {t(`paymentType.${type}`)}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                  {dateField(`advances.${index}.payment_date`, t('advance.paymentDate'), { dateOnly: true })}
                  {textField(`advances.${index}.comment`, t('advance.comment'), { maxLength: 1000 })}
                  <Stack direction="row" sx={{ alignItems: 'center' }}>
                    {status && <Typography variant="caption">{t(`advanceStatus.${status}`)}</Typography>}
                    <Tooltip title={t('form.removeAdvance', { index: index + 1 })}>
                      <span>
                        <IconButton aria-label={t('form.removeAdvance', { index: index + 1 })} disabled={locked} onClick={() => advances.remove(index)}>
                          <DeleteIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </Stack>
                </Box>
              );
            })}
            {advancesError && <FormHelperText error>{fieldErrorText({ type: 'validate', message: advancesError })}</FormHelperText>}
            <Box>
              <Button
                startIcon={<AddIcon />}
                disabled={!settings.multiple_advances && advances.fields.length >= 1}
                onClick={() => advances.append({ amount_in_currency: '', currency: 'PLN', payment_type: 'transfer', payment_date: '', comment: '' })}
              >
                {t('form.addAdvance')}
              </Button>
              {!settings.multiple_advances && <FormHelperText>{t('form.singleAdvanceHint')}</FormHelperText>}
            </Box>
          </Stack>
        </Paper>

        <Paper variant="outlined" sx={{ p: 3 }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="h6" component="h2">
              {t('estimate.title')}
            </Typography>
            {estimate.isFetching && (
              <Typography variant="body2" color="text.secondary" role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <CircularProgress size={16} aria-hidden />
                {t('estimate.calculating')}
              </Typography>
            )}
          </Stack>
          {estimate.isError && !estimate.isFetching && (
            <Alert
              severity="warning"
              sx={{ mb: 1 }}
              action={
                <Button color="inherit" size="small" onClick={() => void estimate.refetch()}>
                  {t('estimate.retry')}
                </Button>
              }
            >
              {t('estimate.failed')}
            </Alert>
          )}
          <EstimateTable estimate={calculated} />
        </Paper>

        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {tc('actions.save')}
          </Button>
          <Button variant="contained" color="success" disabled={busy} onClick={() => setConfirmSubmit(true)}>
            {t('form.saveAndSubmit')}
          </Button>
          <Button variant="outlined" onClick={() => setTemplateDialog('save')}>
            {t('templates.saveAs')}
          </Button>
          {!order && (
            <Button variant="outlined" onClick={() => setTemplateDialog('pick')}>
              {t('templates.startFrom')}
            </Button>
          )}
          <Button component={RouterLink} to={order ? `/delegation-order/readonly/${order.id}` : '/delegation-order'}>
            {tc('actions.cancel')}
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirmSubmit}
        title={t('confirm.submit.title')}
        message={t('confirm.submit.message')}
        confirmLabel={t('form.saveAndSubmit')}
        isPending={busy}
        onConfirm={() => {
          setConfirmSubmit(false);
          void persist(true)();
        }}
        onClose={() => setConfirmSubmit(false)}
      />
      <SaveTemplateDialog open={templateDialog === 'save'} order={() => bodyOf(form.getValues())} onClose={() => setTemplateDialog(null)} />
      <TemplatePickerDialog open={templateDialog === 'pick'} onPick={startFromTemplate} onClose={() => setTemplateDialog(null)} />
    </Box>
  );
}

/** `/delegation-order/new` (optionally `?worker=` and `?template=`) and `/delegation-order/edit/{id}`. */
export function DelegationOrderFormPage() {
  const { t } = useTranslation('delegation-order');
  const { id } = useParams();
  const [params] = useSearchParams();
  const me = useCurrentUser();
  const orderId = id === undefined ? null : Number(id);
  const existing = useDelegationOrder(orderId ?? 0);
  const data = useOrderFormData();
  const workers = useAvailableUsers();
  const loadTemplate = useLoadOrderTemplate();
  const templateId = Number(params.get('template'));
  const [fromTemplate, setFromTemplate] = useState<FormValues | null>(null);
  const templateWanted = orderId === null && templateId > 0;

  const { mutate: fetchTemplate } = loadTemplate;
  useEffect(() => {
    if (!templateWanted) return;
    fetchTemplate(templateId, { onSuccess: (answer) => setFromTemplate({ ...blankForm(null), ...answer.order, custom_number: '' }) });
  }, [templateWanted, templateId, fetchTemplate]);

  if (orderId !== null && (!Number.isInteger(orderId) || orderId <= 0 || (existing.error instanceof ApiError && existing.error.status === 404))) {
    return <Alert severity="warning">{t('view.notFound')}</Alert>;
  }
  if (!data.data || !workers.data || (orderId !== null && !existing.data) || (templateWanted && !fromTemplate && !loadTemplate.isError)) {
    return data.isError || workers.isError || existing.isError ? <Alert severity="error">{t('view.loadError')}</Alert> : <PageSpinner />;
  }
  const order = existing.data?.delegationOrder ?? null;
  if (order && !order.allowedActions.includes('edit')) {
    return (
      <Alert severity="info" action={<Button component={RouterLink} to={`/delegation-order/readonly/${order.id}`}>{t('list.open')}</Button>}>
        {t('form.notEditable')}
      </Alert>
    );
  }
  const requestedWorker = Number(params.get('worker'));
  const worker = workers.data.some((person) => person.id === requestedWorker) ? requestedWorker : workers.data.some((person) => person.id === me.context_user_id) ? me.context_user_id : null;
  const initial = order ? valuesOf(order, data.data.settings.numbering_assignment) : { ...(fromTemplate ?? blankForm(null)), user_id: worker };
  return (
    <>
      <PageHeader
        title={order ? t('form.editTitle') : t('form.newTitle')}
        description={order ? <OrderStatusChip status={order.status} waitingForBudget={order.waiting_for_budget} /> : t('form.description')}
      />
      {order && <ReturnReasonAlert status={order.status} decisions={order.decisions} />}
      <OrderForm key={order ? `${order.id}:${order.version}` : `new:${templateId}:${worker}`} order={order} initial={initial} data={data.data} workers={workers.data} />
    </>
  );
}
