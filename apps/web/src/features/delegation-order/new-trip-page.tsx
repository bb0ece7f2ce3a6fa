import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { translateServerMessage } from '../../lib/server-messages.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../lib/session.tsx';
import { AbsentWaitingPanel } from '../substitutes/absent-waiting.tsx';
import { WaitingForMePanel } from '../waiting/waiting-for-me-panel.tsx';
import { useAvailableUsers, useOrderFormData, useOtherWorkers } from './api/use-delegation-orders.ts';

/**
 * `/`, `/new-trip` and `/new-trip/select-service` (spec §2): step 1 chooses oneself or another
 * worker (only those of available-users; the server says 'No users assigned' when there is none, spec §6),
 * step 2 travel services only or the delegation process, carrying the chosen worker.
 */
export function NewTripPage() {
  const { t } = useTranslation('delegation-order');
  const navigate = useNavigate();
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const workers = useAvailableUsers();
  const data = useOrderFormData();
  const [mode, setMode] = useState<'self' | 'other'>('self');
  const [other, setOther] = useState('');
  const [chooseWorkerError, setChooseWorkerError] = useState(false);
  const otherWorkers = useOtherWorkers(mode === 'other');
  const chosen = Number(params.get('worker'));
  const step = chosen > 0 ? 1 : 0;

  const header = <PageHeader title={t('newTrip.title')} description={t('newTrip.description')} />;
  if (!workers.data || !data.data) {
    return (
      <>
        {header}
        {workers.isError || data.isError ? <Alert severity="error">{t('view.loadError')}</Alert> : <PageSpinner />}
      </>
    );
  }
  const others = otherWorkers.data ?? [];
  // The server's refusal (e.g. 'No users assigned'), said where the worker would be chosen.
  const othersRefusal =
    otherWorkers.error instanceof ApiError && otherWorkers.error.messages.length > 0 ? otherWorkers.error.messages.map(translateServerMessage).join(' ') : null;
  const chosenPerson = workers.data.find((person) => person.id === chosen);

  const next = () => {
    if (mode === 'other' && !other) {
      setChooseWorkerError(true);
      return;
    }
    setParams({ worker: String(mode === 'self' ? me.context_user_id : Number(other)) });
  };
  const delegationPath = data.data.settings.trip_order_requirement === 'disabled' ? '/delegation/start' : '/delegation-order/new';

  return (
    <>
      {header}
      {pathname === '/' && <WaitingForMePanel />}
      {pathname === '/' && <AbsentWaitingPanel />}
      <Stepper activeStep={step} sx={{ mb: 3 }}>
        <Step>
          <StepLabel>{t('newTrip.stepWorker')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{t('newTrip.stepService')}</StepLabel>
        </Step>
      </Stepper>
      {step === 0 || !chosenPerson ? (
        <Paper variant="outlined" sx={{ p: 3, maxWidth: 560 }}>
          <Stack spacing={2}>
            <RadioGroup
              aria-label={t('newTrip.forWhom')}
              value={mode}
              onChange={(event) => {
                setMode(event.target.value === 'other' ? 'other' : 'self');
                setChooseWorkerError(false);
              }}
            >
              <FormControlLabel value="self" control={<Radio />} label={t('newTrip.forMe')} />
              <FormControlLabel value="other" control={<Radio />} label={t('newTrip.forOther')} />
            </RadioGroup>
            {mode === 'other' && othersRefusal && <Alert severity="info">{othersRefusal}</Alert>}
            {mode === 'other' && otherWorkers.isError && !othersRefusal && <Alert severity="error">{t('view.loadError')}</Alert>}
            {mode === 'other' && otherWorkers.isPending && <PageSpinner />}
            {mode === 'other' && otherWorkers.data && (
              <TextField
                select
                label={t('newTrip.worker')}
                value={other}
                onChange={(event) => {
                  setOther(event.target.value);
                  setChooseWorkerError(false);
                }}
                error={chooseWorkerError}
                helperText={chooseWorkerError ? t('newTrip.chooseWorker') : undefined}
                required
              >
                {others.map((person) => (
                  <MenuItem key={person.id} value={String(person.id)}>
                    {person.fullName}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Stack direction="row">
              <Button variant="contained" onClick={next}>
                {t('newTrip.next')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      ) : (
        <Stack spacing={2} sx={{ maxWidth: 760 }}>
          <Typography>{t('newTrip.chosen', { name: chosenPerson.fullName })}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Card variant="outlined" sx={{ flex: 1 }}>
              <CardActionArea onClick={() => navigate(`/travel-service/new?worker=${chosen}`)}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {t('newTrip.travelServices')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('newTrip.travelServicesHint')}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
            <Card variant="outlined" sx={{ flex: 1 }}>
              <CardActionArea onClick={() => navigate(`${delegationPath}?worker=${chosen}`)}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {t('newTrip.delegation')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {data.data.settings.trip_order_requirement === 'disabled' ? t('newTrip.delegationSettlementHint') : t('newTrip.delegationOrderHint')}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Stack>
          <Stack direction="row">
            <Button onClick={() => setParams({})}>{t('newTrip.back')}</Button>
          </Stack>
        </Stack>
      )}
    </>
  );
}
