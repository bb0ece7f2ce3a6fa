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

/** A settlement's status; while it waits for a decision the tooltip says which. */
export function StatusChip({ status, stage }: { status: string; stage: string | null }) {
  const { t } = useTranslation('settlements');
  const waiting = (status === 'submitted' && stage === 'substantive') || (status === 'accepted' && stage === 'financial');
  return (
    <Tooltip title={waiting ? t(`waiting.${stage}`) : ''}>
      {/* A long status wraps inside its chip, so the list's narrow columns do not push it off the screen. */}
      <Chip size="small" color={STATUS_COLOURS[status] ?? 'default'} label={t(`status.${status}`)} sx={{ height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }} />
    </Tooltip>
  );
}

