import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useWatch, useFormContext } from 'react-hook-form';
import { fieldKeyOf, isFieldShown, type StepId } from '../model/issues.ts';
import type { SettlementFormValues } from '../model/form-values.ts';
import { issueText } from '../model/messages.ts';
import { useStepIssues, useStepVisibility } from './form-issues-context.tsx';

const LIST_LABELS: Record<string, string> = { transport: 'segment', country: 'part', other: 'otherCost', advances: 'advance' };

/** Where an issue listed apart belongs ("Odcinek 2", "Kraj 1, nocleg 2"), so its text can say so. */
function locationOf(path: readonly (string | number)[]): { key: string; params: Record<string, number> } | null {
  const [area, index, field, subIndex] = path;
  const list = typeof area === 'string' ? LIST_LABELS[area] : undefined;
  if (!list || typeof index !== 'number') return null;
  if (area === 'country' && field === 'accommodation' && typeof subIndex === 'number') {
    return { key: 'steps.issueAt.accommodation', params: { number: index + 1, entry: subIndex + 1 } };
  }
  if (area === 'country' && field === 'transfer_lump_sums' && typeof subIndex === 'number') {
    return { key: 'steps.issueAt.transfer', params: { number: index + 1, entry: subIndex + 1 } };
  }
  return { key: `steps.issueAt.${list}`, params: { number: index + 1 } };
}

/**
 * The issues of a step that no field on the screen shows (list rules, missing exchange rates…), and
 * how many issues wait at fields the user has not touched yet, with a way to show them.
 */
export function StepIssuesAlert({ step }: { step: StepId }) {
  const { t, i18n } = useTranslation('settlement-form');
  const { control } = useFormContext<SettlementFormValues>();
  const values = useWatch({ control }) as SettlementFormValues;
  const visibility = useStepVisibility(step);
  const stepIssues = useStepIssues(step);
  const issues = stepIssues.filter((issue) => !isFieldShown(fieldKeyOf(issue), values));
  const waiting = visibility.isRevealed
    ? 0
    : stepIssues.filter((issue) => isFieldShown(fieldKeyOf(issue), values) && !visibility.touched.has(fieldKeyOf(issue))).length;
  if (issues.length === 0 && waiting === 0) return null;
  const revealAction =
    waiting > 0 ? (
      <Button color="inherit" size="small" onClick={visibility.reveal}>
        {t('steps.revealIssues')}
      </Button>
    ) : undefined;
  if (issues.length === 0) {
    return (
      <Alert severity="info" role="note" sx={{ mb: 2 }} action={revealAction}>
        {t('steps.issuesAtFields', { count: waiting })}
      </Alert>
    );
  }
  const texts = [
    ...new Set(
      issues.map((issue) => {
        const location = locationOf(issue.path);
        const text = issueText(i18n, issue);
        return location ? t(location.key, { ...location.params, text }) : text;
      }),
    ),
  ];
  return (
    <Alert severity="warning" sx={{ mb: 2 }} action={revealAction}>
      <AlertTitle>{t('steps.stepIssuesTitle')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {texts.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </Box>
      {waiting > 0 && t('steps.issuesAtFields', { count: waiting })}
    </Alert>
  );
}
