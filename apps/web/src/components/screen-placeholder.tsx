import { useId } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Stands in for a screen that a later issue builds, so its route already works and is named. */
export function ScreenPlaceholder({ title }: { title: string }) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" sx={{ p: 4 }} aria-labelledby={titleId}>
      <Typography id={titleId} variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{t('placeholder.body')}</Typography>
    </Paper>
  );
}
