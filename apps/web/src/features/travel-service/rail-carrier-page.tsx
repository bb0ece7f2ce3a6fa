import { useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { RAIL_CLASSES } from '@delego/domain';
import { DateTimeField } from '../../components/inputs/date-time-field.tsx';
import { LocationField } from '../../components/inputs/location-field.tsx';
import { TimeField } from '../../components/inputs/time-field.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { translateIssueCode } from '../../lib/server-messages.ts';

/**
 * `/travel-service/rail-carrier`: a rail journey between two train stations of the location list,
 * ordered from the rail carrier through the consultants. Continuing opens the order form with the
 * journey as its rail service, where the travellers are chosen and the order is saved.
 */
export function RailCarrierPage() {
  const { t } = useTranslation('travelService');
  const { t: tr } = useTranslation('routes');
  const navigate = useNavigate();
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [seatClass, setSeatClass] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const next = () => {
    const found: Record<string, string> = {};
    if (from === null) found.from = translateIssueCode('global.error.required');
    if (to === null) found.to = translateIssueCode('global.error.required');
    else if (from === to) found.to = translateIssueCode('travelService.samePlace');
    if (date === '') found.date = translateIssueCode('global.error.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const address = new URLSearchParams({ service: 'rail', from: String(from), to: String(to), date });
    if (time) address.set('time', time);
    if (seatClass) address.set('seat_class', seatClass);
    void navigate(`/travel-service/new?${address.toString()}`);
  };

  return (
    <>
      <PageHeader title={tr('travelService.railCarrier')} description={t('rail.description')} />
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 760 }}>
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
            <LocationField label={t('param.rail.start_place_id')} value={from} types={['train_station']} onChange={(id) => setFrom(id)} required error={Boolean(errors.from)} helperText={errors.from} />
            <LocationField label={t('param.rail.end_place_id')} value={to} types={['train_station']} onChange={(id) => setTo(id)} required error={Boolean(errors.to)} helperText={errors.to} />
            <DateTimeField dateOnly label={t('param.rail.start_date')} value={date} onChange={setDate} required error={Boolean(errors.date)} helperText={errors.date} />
            <TimeField label={t('param.rail.start_time')} value={time} onChange={setTime} />
            <TextField select label={t('param.rail.seat_class')} value={seatClass} onChange={(event) => setSeatClass(event.target.value)} fullWidth>
              <MenuItem value="">{t('form.notChosen')}</MenuItem>
              {RAIL_CLASSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`seatClass.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Box>
            <Button variant="contained" onClick={next}>
              {t('rail.continue')}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </>
  );
}
