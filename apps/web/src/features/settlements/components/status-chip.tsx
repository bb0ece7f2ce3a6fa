import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS: Record<string, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  created: 'default',
  submitted: 'info',
  accepted: 'info',
  rejected: 'error',
  rejectedForCorrect: 'warning',
  settled: 'success',
  cancelled: 'default',
};

/**
 * A settlement's status; while it waits for a decision the tooltip says which. Above its budget
 * (`budget_exceeded_rule`) it says it waits for the budget acceptance, and, when known, by whom.
 */
export function StatusChip({ status, stage, waitingForBudget = false, budgetApprovers = [] }: { status: string; stage: string | null; waitingForBudget?: boolean; budgetApprovers?: readonly string[] }) {
  const { t } = useTranslation('settlements');
  const waiting = (status === 'submitted' && stage === 'substantive') || (status === 'accepted' && stage === 'financial');
  const tooltip = waitingForBudget ? (budgetApprovers.length > 0 ? t('waiting.budget', { names: budgetApprovers.join(', ') }) : '') : waiting ? t(`waiting.${stage}`) : '';
  return (
    <Tooltip title={tooltip}>
      {/* A long status wraps inside its chip, so the list's narrow columns do not push it off the screen. */}
      <Chip
        size="small"
        color={waitingForBudget ? 'warning' : (STATUS_COLOURS[status] ?? 'default')}
        label={t(waitingForBudget ? 'status.waitingForBudget' : `status.${status}`)}
        sx={{ height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
      />
    </Tooltip>
  );
}

