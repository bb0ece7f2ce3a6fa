import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { invalidAmountsOf, type InvalidAmounts, type Issue } from '@delego/domain';
import { indexIssues, stepOfIssue, type IssueIndex, type StepId } from '../model/issues.ts';

interface FormIssuesValue {
  index: IssueIndex;
  /** The totals that an amount marked invalid leaves unknown. */
  invalidAmounts: InvalidAmounts;
  /** Fields the user changed or left, by key (`transport.1.end_date`). */
  touched: ReadonlySet<string>;
  /** Steps whose every issue is shown at its field: steps the user has left, or all of a restored draft. */
  revealedSteps: ReadonlySet<StepId>;
  markTouched: (key: string) => void;
  revealStep: (step: StepId) => void;
}

const FormIssuesContext = createContext<FormIssuesValue | null>(null);

interface FormIssuesProviderProps {
  issues: readonly Issue[];
  touched: ReadonlySet<string>;
  revealedSteps: ReadonlySet<StepId>;
  markTouched: (key: string) => void;
  revealStep: (step: StepId) => void;
  children: ReactNode;
}

/** Shares the latest answer's issues with the fields, and what the user has touched. */
export function FormIssuesProvider({ issues, touched, revealedSteps, markTouched, revealStep, children }: FormIssuesProviderProps) {
  const index = useMemo(() => indexIssues(issues), [issues]);
  const invalidAmounts = useMemo(() => invalidAmountsOf(issues), [issues]);
  const value = useMemo(
    () => ({ index, invalidAmounts, touched, revealedSteps, markTouched, revealStep }),
    [index, invalidAmounts, touched, revealedSteps, markTouched, revealStep],
  );
  return <FormIssuesContext.Provider value={value}>{children}</FormIssuesContext.Provider>;
}

function useFormIssues(): FormIssuesValue {
  const value = useContext(FormIssuesContext);
  if (!value) throw new Error('useFormIssues needs a FormIssuesProvider');
  return value;
}

/**
 * The issues shown at a field: once the user has touched it or left its step, so a form being filled
 * in is not covered in "Pole wymagane" before the user gets to a field.
 */
export function useFieldIssues(key: string): { issues: Issue[]; markTouched: () => void } {
  const { index, touched, revealedSteps, markTouched } = useFormIssues();
  const all = index.byField.get(key) ?? [];
  const shown = all.length > 0 && (touched.has(key) || revealedSteps.has(stepOfIssue(all[0] as Issue)));
  // Stable, so a field memoised on its props (the date pickers) does not re-render for nothing.
  const markThisTouched = useCallback(() => markTouched(key), [markTouched, key]);
  return { issues: shown ? all : [], markTouched: markThisTouched };
}

/** The totals the form's invalid amounts leave unknown (shown as 'brak' instead of a sum that includes them). */
export function useInvalidAmounts(): InvalidAmounts {
  return useFormIssues().invalidAmounts;
}

/** Every issue of a step (counted in the stepper, listed when no field shows it). */
export function useStepIssues(step: StepId): Issue[] {
  return useFormIssues().index.byStep.get(step) ?? [];
}

/** Whether the issues of a step's fields are all shown, which are, and how to show them all. */
export function useStepVisibility(step: StepId): { isRevealed: boolean; touched: ReadonlySet<string>; reveal: () => void } {
  const { revealedSteps, touched, revealStep } = useFormIssues();
  return { isRevealed: revealedSteps.has(step), touched, reveal: () => revealStep(step) };
}
