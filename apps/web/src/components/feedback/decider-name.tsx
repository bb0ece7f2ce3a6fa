import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A history entry's decider, and in whose name when a substitute decided for an absent acceptor (spec §6). */
export function DeciderName({
  decision,
}: {
  decision: { user_name: string; context_user_name: string | null };
}) {
  const { t } = useTranslation('common');
  return (
    <>
      {decision.user_name}
      {decision.context_user_name && (
        <Typography variant="caption" color="text.secondary" component="div">
          {t('decision.onBehalfOf', { name: decision.context_user_name })}
        </Typography>
      )}
    </>
  );
}
