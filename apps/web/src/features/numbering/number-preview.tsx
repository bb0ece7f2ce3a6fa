import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  isNationalSeparated,
  needsOrderNumber,
  previewDocumentNumbers,
  toLocalDate,
  type NumberCounterState,
  type NumberTemplateInput,
} from '@delego/domain';
import { DateTimeField } from '../../components/inputs/date-time-field.tsx';

const SAMPLE_ORDER_NUMBER = 'PW/1/2026';

function NumberColumn({ label, numbers }: { label: string; numbers: string[] }) {
  const { t } = useTranslation('numbering');
  const headingId = useId();
  return (
    <Box sx={{ flex: 1, minWidth: 180 }}>
      <Typography id={headingId} variant="subtitle2">
        {label}
      </Typography>
      <List dense aria-label={t('preview.numbersLabel', { scope: label })}>
        {numbers.map((number) => (
          <ListItem key={number} disableGutters sx={{ fontFamily: 'monospace', fontSize: '1rem' }}>
            {number}
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/**
 * The next numbers the template would give, computed in the browser by the same engine the server
 * numbers documents with, for a sample date, a domestic and a foreign trip.
 */
export function NumberPreview({ template, counters }: { template: NumberTemplateInput; counters: readonly NumberCounterState[] }) {
  const { t } = useTranslation('numbering');
  const titleId = useId();
  const [date, setDate] = useState(() => toLocalDate(new Date()));
  const [orderNumber, setOrderNumber] = useState(SAMPLE_ORDER_NUMBER);
  const withOrder = needsOrderNumber(template.mask);
  const context = { date, orderNumber: withOrder ? orderNumber : null };
  const domestic = previewDocumentNumbers(template, { ...context, isForeign: false }, { counters });
  const foreign = previewDocumentNumbers(template, { ...context, isForeign: true }, { counters });
  const separated = isNationalSeparated(template);

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {t('preview.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <DateTimeField
          dateOnly
          size="small"
          fullWidth={false}
          label={t('preview.sampleDate')}
          value={date}
          // The preview always numbers some day: while a new one is typed, the last whole one stays.
          onChange={(day) => day && setDate(day)}
        />
        {withOrder && (
          <TextField size="small" label={t('preview.orderNumber')} value={orderNumber} onChange={(event) => setOrderNumber(event.target.value)} />
        )}
      </Stack>
      {domestic && foreign ? (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <NumberColumn label={t('preview.domestic')} numbers={domestic} />
            <NumberColumn label={t('preview.foreign')} numbers={foreign} />
          </Stack>
          {!separated && !withOrder && (
            <Typography variant="body2" color="text.secondary">
              {t('preview.sharedCounter')}
            </Typography>
          )}
          {counters.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('preview.continues')}
            </Typography>
          )}
        </>
      ) : (
        <Alert severity="info">{t('preview.invalid')}</Alert>
      )}
    </Paper>
  );
}
