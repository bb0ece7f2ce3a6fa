import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../components/feedback/status-page.tsx';

/** The last resort when a screen throws while rendering: a translated message and a reload. */
export function RootErrorView() {
  const { t } = useTranslation('common');
  return (
    <Container sx={{ py: 6 }}>
      <StatusPage title={t('unexpectedError.title')}>
        {t('unexpectedError.body')}
        <Button variant="contained" sx={{ display: 'block', mt: 3 }} onClick={() => window.location.reload()}>
          {t('unexpectedError.reload')}
        </Button>
      </StatusPage>
    </Container>
  );
}
