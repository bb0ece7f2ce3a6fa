import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../components/form-card.tsx';

export type UnusableLinkState = 'expired' | 'used' | 'notFound';

interface LinkStateViewProps {
  title: string;
  state: UnusableLinkState;
  /** Where a new link can be requested, when the action offers it. */
  renewPath?: string;
}

/** Spec §8: an action link that expired, was already used, or does not exist. */
export function LinkStateView({ title, state, renewPath }: LinkStateViewProps) {
  const { t } = useTranslation('action-by-link');
  return (
    <FormCard title={title}>
      <Stack spacing={3}>
        <Alert severity={state === 'used' ? 'info' : 'warning'}>
          <AlertTitle>{t(`state.${state}.title`)}</AlertTitle>
          {t(`state.${state}.body`)}
        </Alert>
        <Stack direction="row" spacing={2}>
          {renewPath && state !== 'used' && (
            <Button component={RouterLink} to={renewPath} variant="outlined">
              {t('requestNewLink')}
            </Button>
          )}
          <Button component={RouterLink} to="/login" variant="contained">
            {t('goToLogin')}
          </Button>
        </Stack>
      </Stack>
    </FormCard>
  );
}
