import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import { latestReturnDecision, type DocumentStatus } from '@delego/domain';

interface ReturnReasonAlertProps {
  status: DocumentStatus;
  decisions: readonly { action: string; comment: string; user_name: string }[];
}

/** At the top of an edit screen: why the document came back, so the employee knows what to correct. */
export function ReturnReasonAlert({ status, decisions }: ReturnReasonAlertProps) {
  const { t } = useTranslation('common');
  const decision = latestReturnDecision(status, decisions);
  if (!decision) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} aria-label={t('decision.returnedTitle')}>
      <AlertTitle>{t('decision.returnedBy', { name: decision.user_name })}</AlertTitle>
      {decision.comment}
    </Alert>
  );
}
