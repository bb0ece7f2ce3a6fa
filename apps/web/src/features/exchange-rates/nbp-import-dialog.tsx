import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isLocalDate, toLocalDate } from '@delego/domain';
import { ApiError } from '../../lib/api-client.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { firstIssueText } from '../../components/form/issue-texts.ts';
import { importNbpWindow, useInvalidateExchangeRates } from './api/use-exchange-rates.ts';
import { NBP_WINDOW_DAYS, splitIntoWindows } from './import-windows.ts';
import { DateTimeField } from '../../components/inputs/date-time-field.tsx';

type Phase =
  | { kind: 'idle' }
  | { kind: 'running'; current: number; total: number; from: string; to: string }
  | { kind: 'finished'; outcome: 'done' | 'unavailable' | 'failed' | 'cancelled'; failure?: string };

interface Summary {
  rates: number;
  importedDays: number;
  noTableDays: string[];
  /** The last day of the windows imported so far. */
  importedUpTo: string | null;
}

const EMPTY_SUMMARY: Summary = { rates: 0, importedDays: 0, noTableDays: [], importedUpTo: null };

/**
 * The NBP import of a date range: split in the browser into windows of at most 93 days, imported
 * one after another with a progress bar; the days without a table and an unavailable NBP are shown.
 */
export function NbpImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('exchange-rates');
  const invalidate = useInvalidateExchangeRates();
  const today = toLocalDate(new Date());
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [summary, setSummary] = useState<Summary>(EMPTY_SUMMARY);
  const abort = useRef<AbortController | null>(null);
  const rangeError = !isLocalDate(from) || !isLocalDate(to) ? 'validation.date' : to < from ? 'validation.dateRange' : null;
  const isRunning = phase.kind === 'running';

  const start = async () => {
    if (rangeError) return;
    const windows = splitIntoWindows(from, to);
    const controller = new AbortController();
    abort.current = controller;
    let collected = EMPTY_SUMMARY;
    setSummary(collected);
    try {
      for (const [index, window] of windows.entries()) {
        setPhase({ kind: 'running', current: index + 1, total: windows.length, from: window.date_from, to: window.date_to });
        const answer = await importNbpWindow(window, controller.signal);
        collected = {
          rates: collected.rates + answer.imported_rates,
          importedDays: collected.importedDays + answer.days.filter((day) => day.status === 'imported').length,
          noTableDays: [...collected.noTableDays, ...answer.days.filter((day) => day.status === 'noTable').map((day) => day.date)],
          importedUpTo: window.date_to,
        };
        setSummary(collected);
      }
      setPhase({ kind: 'finished', outcome: 'done' });
    } catch (error) {
      if (controller.signal.aborted) setPhase({ kind: 'finished', outcome: 'cancelled' });
      else if (error instanceof ApiError && error.code === 'EXCHANGE_RATE_UNAVAILABLE') setPhase({ kind: 'finished', outcome: 'unavailable' });
      else {
        setPhase({ kind: 'finished', outcome: 'failed', failure: firstIssueText(error) });
      }
    } finally {
      abort.current = null;
      void invalidate();
    }
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  return (
    <Dialog open onClose={isRunning ? undefined : close} aria-labelledby="nbp-import-title" maxWidth="sm" fullWidth>
      <DialogTitle id="nbp-import-title">{t('import.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('import.description', { max: NBP_WINDOW_DAYS })}</DialogContentText>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateTimeField dateOnly label={t('import.dateFrom')} value={from} onChange={setFrom} disabled={isRunning} />
          <DateTimeField
            dateOnly
            label={t('import.dateTo')}
            value={to}
            onChange={setTo}
            disabled={isRunning}
            error={rangeError !== null}
            helperText={rangeError ? translateIssueCode(rangeError) : undefined}
          />
        </Stack>
        {phase.kind === 'running' && (
          <Box sx={{ mt: 3 }}>
            <LinearProgress variant="determinate" value={Math.round(((phase.current - 1) / phase.total) * 100)} aria-label={t('import.progress')} />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('import.window', { current: phase.current, total: phase.total, from: phase.from, to: phase.to })}
            </Typography>
          </Box>
        )}
        {phase.kind === 'finished' && (
          <Box sx={{ mt: 3 }}>
            {phase.outcome === 'done' && <Alert severity="success">{t('import.done', { rates: summary.rates, days: summary.importedDays })}</Alert>}
            {phase.outcome !== 'done' && (
              <Alert severity={phase.outcome === 'cancelled' ? 'warning' : 'error'}>
                <AlertTitle>{t(phase.outcome === 'unavailable' ? 'import.unavailable' : phase.outcome === 'cancelled' ? 'import.cancelled' : 'import.failed')}</AlertTitle>
                {phase.failure}
                {summary.importedUpTo && ` ${t('import.partial', { date: summary.importedUpTo })}`}
              </Alert>
            )}
          </Box>
        )}
        {summary.noTableDays.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="subtitle2" component="h3">
              {t('import.noTableTitle')}
            </Typography>
            <List dense aria-label={t('import.noTableTitle')} sx={{ maxHeight: 240, overflowY: 'auto' }}>
              {summary.noTableDays.map((day) => (
                <ListItem key={day} disableGutters>
                  <ListItemText primary={day} secondary={t('import.noTable')} />
                </ListItem>
              ))}
            </List>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {isRunning ? (
          <Button onClick={() => abort.current?.abort()}>{t('import.cancel')}</Button>
        ) : (
          <>
            <Button onClick={close}>{t('import.close')}</Button>
            <Button variant="contained" onClick={() => void start()} disabled={rangeError !== null}>
              {t('import.start')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
