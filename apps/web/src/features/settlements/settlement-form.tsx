import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useTranslation } from 'react-i18next';
import { FormProvider, useForm } from 'react-hook-form';
import type { UserProperties } from '@delego/contract';
import { dec, missingExchangeRates, type DelegationFormInput, type Issue, formatMoneyText } from '@delego/domain';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { CALCULATION_DEBOUNCE_MS, useSettlementCalculation, type SettlementCalculation } from './api/use-settlement-calculation.ts';
import { balanceLabelKey } from './components/calculation-view.tsx';
import { FormIssuesProvider, useInvalidAmounts } from './components/form-issues-context.tsx';
import { StepIssuesAlert } from './components/step-issues-alert.tsx';
import type { DraftStorage } from './model/draft-storage.ts';
import { newSettlementForm, toDelegationForm, type SettlementFormValues } from './model/form-values.ts';
import { shiftKeysAfterRemoval, stepOfIssue, STEPS, type StepId } from './model/issues.ts';
import { GeneralStep } from './steps/general-step.tsx';
import { RouteStep } from './steps/route-step.tsx';
import { StayStep } from './steps/stay-step.tsx';
import { SummaryStep } from './steps/summary-step.tsx';

function CalculationStatus({ calculation }: { calculation: SettlementCalculation }) {
  const { t, i18n } = useTranslation('settlement-form');
  const invalidAmounts = useInvalidAmounts();
  const calculated = calculation.answer?.calculated;
  let content: ReactNode = null;
  if (calculation.isCalculating) {
    content = (
      <>
        <CircularProgress size={16} aria-hidden />
        {t('status.calculating')}
      </>
    );
  } else if (calculated && invalidAmounts.total) {
    content = t('status.invalidAmounts');
  } else if (calculated && missingExchangeRates(calculated).any) {
    content = t('status.incomplete');
  } else if (calculated) {
    const balance = calculated.balance_pln;
    content = (
      <>
        {t('status.total', { amount: formatMoneyText(calculated.total_pln, 'PLN', i18n.language) })}
        {' · '}
        {t(balanceLabelKey(balance))}: {formatMoneyText(dec(balance).abs().toFixed(2), 'PLN', i18n.language)}
      </>
    );
  }
  return (
    <Box role="status" aria-label={t('status.label')} sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 24, color: 'text.secondary', typography: 'body2' }}>
      {content}
    </Box>
  );
}

interface SettlementFormProps {
  /** The employee settling (themselves, or the one acted for). */
  user: UserProperties;
  /** Where the form keeps what is typed, so a reload loses nothing. */
  draft: DraftStorage;
  /** The form to start from; a new settlement (spec §4) when absent and no draft is kept. */
  initialValues?: SettlementFormValues;
  /** The initial values already describe a trip (an order's, a saved settlement): calculate them at once. */
  calculateAtStart?: boolean;
  /**
   * Saves the settlement. Saving comes with the trip workflow: until a screen passes it, the form
   * shows no save action at all.
   */
  onSave?: (form: DelegationFormInput) => void;
  isSaving?: boolean;
  /** Issues of the last save (rules needing other documents), shown with the live ones. */
  extraIssues?: readonly Issue[];
  /** More fields of step 1 (the settlement's order, cost centre, project). */
  generalExtras?: ReactNode;
}

/**
 * Fields whose issues show at once: the base order is chosen before the form (or not at all), so
 * what the server says of it while the user types (not accepted, settled already, required by the
 * company) waits for no touch.
 */
const CHOSEN_BEFORE_THE_FORM = ['delegation_order_id'];

/**
 * The settlement form in four steps (spec §2, §4, §5), validated and calculated live on the server.
 * Issues appear at their fields once the user touched the field or left its step; issues without a
 * field are listed at the top of their step; each step counts its problems.
 */
export function SettlementForm({ user, draft, initialValues, calculateAtStart = false, onSave, isSaving, extraIssues, generalExtras }: SettlementFormProps) {
  const { t } = useTranslation('settlement-form');
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const stepHeadingId = useId();
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);

  const [start] = useState(() => {
    const stored = draft.read();
    return { values: stored ?? initialValues ?? newSettlementForm(), restored: stored !== null };
  });
  const form = useForm<SettlementFormValues>({ defaultValues: start.values });
  const [activeStep, setActiveStep] = useState(0);
  const [revealedSteps, setRevealedSteps] = useState<ReadonlySet<StepId>>(() => new Set(start.restored ? STEPS : []));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set(CHOSEN_BEFORE_THE_FORM));
  // A restored draft, a saved settlement or one carried over from an order is calculated at once; an empty form waits for its first change.
  const [requested, setRequested] = useState<DelegationFormInput | null>(() => (start.restored || calculateAtStart ? toDelegationForm(start.values) : null));
  const [isClearOpen, setClearOpen] = useState(false);
  const calculation = useSettlementCalculation(requested);
  const debounceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      // A reset (clearing the form) has no field name and is handled where it happens.
      if (name === undefined) return;
      const values = form.getValues();
      draft.write(values);
      clearTimeout(debounceTimer.current);
      debounceTimer.current = setTimeout(() => setRequested(toDelegationForm(values)), CALCULATION_DEBOUNCE_MS);
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(debounceTimer.current);
    };
  }, [form, draft]);

  const markTouched = useCallback((key: string) => {
    setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));
  }, []);
  const revealStep = useCallback((step: StepId) => {
    setRevealedSteps((current) => (current.has(step) ? current : new Set(current).add(step)));
  }, []);
  const onRemoved = useCallback((listKey: string, index: number) => {
    setTouched((current) => shiftKeysAfterRemoval(current, listKey, index));
  }, []);

  const issues = useMemo(() => [...(calculation.answer?.validation ?? []), ...(extraIssues ?? [])], [calculation.answer, extraIssues]);
  const problemCounts = useMemo(() => {
    const counts = new Map<StepId, number>();
    for (const issue of issues) counts.set(stepOfIssue(issue), (counts.get(stepOfIssue(issue)) ?? 0) + 1);
    return counts;
  }, [issues]);

  const goToStep = (next: number) => {
    // Leaving a step shows every remaining issue at its fields when the user comes back.
    const left = STEPS[activeStep];
    if (left) setRevealedSteps((current) => new Set(current).add(left));
    setActiveStep(next);
    // Moves focus to the new step's heading, so keyboard and screen-reader users land on it.
    requestAnimationFrame(() => stepHeadingRef.current?.focus());
  };

  const clearForm = () => {
    clearTimeout(debounceTimer.current);
    draft.clear();
    form.reset(newSettlementForm());
    setTouched(new Set(CHOSEN_BEFORE_THE_FORM));
    setRevealedSteps(new Set());
    setRequested(null);
    setActiveStep(0);
    setClearOpen(false);
  };

  const stepId = STEPS[activeStep] ?? 'general';
  const calculated = calculation.answer?.calculated ?? null;

  return (
    <FormProvider {...form}>
      <FormIssuesProvider issues={issues} touched={touched} revealedSteps={revealedSteps} markTouched={markTouched} revealStep={revealStep}>
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <CalculationStatus calculation={calculation} />
            <Button color="inherit" onClick={() => setClearOpen(true)}>
              {t('clear.action')}
            </Button>
          </Box>
          {calculation.failed && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={calculation.retry}>
                  {t('status.retry')}
                </Button>
              }
            >
              {t('status.failed')}
            </Alert>
          )}

          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Stepper
              nonLinear
              activeStep={activeStep}
              alternativeLabel={!isNarrow}
              orientation={isNarrow ? 'vertical' : 'horizontal'}
              aria-label={t('steps.label')}
            >
              {STEPS.map((step, index) => {
                const count = problemCounts.get(step) ?? 0;
                return (
                  <Step key={step} completed={false}>
                    <StepButton
                      onClick={() => goToStep(index)}
                      optional={
                        count > 0 ? (
                          <Typography variant="caption" color="error">
                            {t('steps.problems', { count })}
                          </Typography>
                        ) : undefined
                      }
                    >
                      <StepLabel error={count > 0}>{t(`steps.${step}`)}</StepLabel>
                    </StepButton>
                  </Step>
                );
              })}
            </Stepper>
          </Paper>

          <Paper role="tabpanel" aria-labelledby={stepHeadingId} sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id={stepHeadingId} ref={stepHeadingRef} tabIndex={-1} variant="h5" component="h2" sx={{ mb: 2, outline: 'none' }}>
              {t(`steps.${stepId}`)}
            </Typography>
            <StepIssuesAlert step={stepId} />
            <Box component="form" noValidate onSubmit={(event) => event.preventDefault()} aria-labelledby={stepHeadingId}>
              {stepId === 'general' && <GeneralStep user={user} extras={generalExtras} />}
              {stepId === 'route' && <RouteStep lines={calculated?.transport} mapsDistances={calculation.answer?.maps_distances} onRemoved={onRemoved} />}
              {stepId === 'stay' && <StayStep costs={calculated?.singleCountryCost} onRemoved={onRemoved} />}
              {stepId === 'summary' && <SummaryStep calculated={calculated} hasAnswer={calculation.answer !== null} onRemoved={onRemoved} />}
            </Box>
          </Paper>

          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Button startIcon={<ArrowBackIcon />} disabled={activeStep === 0} onClick={() => goToStep(activeStep - 1)}>
              {t('steps.back')}
            </Button>
            <Box sx={{ display: 'flex', gap: 1 }}>
              {activeStep < STEPS.length - 1 && (
                <Button variant="contained" endIcon={<ArrowForwardIcon />} onClick={() => goToStep(activeStep + 1)}>
                  {t('steps.next')}
                </Button>
              )}
              {onSave && (
                <Button
                  variant="contained"
                  loading={isSaving}
                  onClick={() => {
                    // A save shows every issue at its field, wherever the user has been.
                    setRevealedSteps(new Set(STEPS));
                    onSave(toDelegationForm(form.getValues()));
                  }}
                >
                  {t('common:actions.save')}
                </Button>
              )}
            </Box>
          </Box>
          <Typography variant="caption" color="text.secondary">
            {t('draftNote')}
          </Typography>
        </Stack>
        <ConfirmDialog
          open={isClearOpen}
          title={t('clear.title')}
          message={t('clear.message')}
          confirmLabel={t('clear.confirm')}
          destructive
          onConfirm={clearForm}
          onClose={() => setClearOpen(false)}
        />
      </FormIssuesProvider>
    </FormProvider>
  );
}
