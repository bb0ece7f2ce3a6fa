import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';

/** The way back from a delegation-info screen to its index. */
export function DelegationInfoBackLink() {
  const { t } = useTranslation('masterData');
  return (
    <Button component={RouterLink} to="/delegation-info" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
      {t('info.back')}
    </Button>
  );
}
