import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DelegationListItem, InvoiceDetails } from '@delego/contract';
import type { MatchReason } from '@delego/domain';
import { formatMoneyText, formatWallTime } from '@delego/domain';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { firstIssueText } from '../../components/form/issue-texts.ts';
import { useSettlementList } from '../settlements/api/settlements.ts';
import { useConfirmMatch, useRejectMatch } from './api/invoices.ts';

/** The radio value of 'another settlement', searched for instead of chosen among the candidates. */
const OTHER = 'other';

/** A reason's values as the interface language writes them: days and amounts formatted. */
function reasonParams(reason: MatchReason, language: string): Record<string, string | number> {
  const params = { ...(reason.params ?? {}) };
  for (const key of ['date', 'start', 'end'] as const)
    if (typeof params[key] === 'string') params[key] = formatWallTime(params[key], language);
  if (typeof params.amount === 'string' && typeof params.currency === 'string')
    params.amount = formatMoneyText(params.amount, params.currency, language);
  return params;
}

/**
 * Any settlement of the company the user may see, searched by number, employee or destination: for an
 * invoice the matching placed wrongly or not at all. Until something is typed it offers the trips of
 * the invoice's service date.
 */
function SettlementSearch({ invoice, value, onChange }: { invoice: InvoiceDetails; value: DelegationListItem | null; onChange: (value: DelegationListItem | null) => void }) {
  const { t, i18n } = useTranslation('invoices');
  const [search, setSearch] = useState('');
  const serviceDay = (invoice.sale_date ?? invoice.issue_date).slice(0, 10);
  const found = useSettlementList({
    page: 1,
    page_size: 20,
    sort: 'start_date',
    order: 'desc',
    scope: 'all',
    ...(search.trim() ? { search: search.trim() } : { date_from: serviceDay, date_to: serviceDay }),
  });
  const label = (settlement: DelegationListItem) =>
    t('match.otherOption', {
      number: settlement.number ?? t('withoutNumber'),
      employee: settlement.employee_name,
      start: formatWallTime(settlement.start_date.slice(0, 10), i18n.language),
      end: formatWallTime(settlement.end_date.slice(0, 10), i18n.language),
    });
  return (
    <Autocomplete<DelegationListItem>
      options={found.data?.items ?? []}
      value={value}
      onChange={(_event, chosen) => onChange(chosen)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setSearch(text);
      }}
      // The server has matched the words already.
      filterOptions={(options) => options}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={label}
      loading={found.isFetching}
      noOptionsText={t('match.otherNone')}
      renderInput={(params) => <TextField {...params} label={t('match.otherSearch')} helperText={t('match.otherHint')} size="small" />}
    />
  );
}

/**
 * A KSeF invoice's trip: the settlement and employee the matching suggests with its reasons and the
 * runners-up; finance confirms the suggestion or one of the others, or corrects it to any other
 * settlement (the invoice then joins that settlement as a company-paid cost, or as the invoice of the
 * suggested booking), or says it belongs to no trip.
 */
export function InvoiceMatchPanel({ invoice }: { invoice: InvoiceDetails }) {
  const { t, i18n } = useTranslation('invoices');
  const confirm = useConfirmMatch();
  const reject = useRejectMatch();
  const match = invoice.match;
  const candidates = [
    ...(match?.delegationId
      ? [{ delegationId: match.delegationId, delegationNumber: match.delegationNumber, employeeName: match.employeeName ?? '', score: match.score }]
      : []),
    ...(match?.alternatives ?? []),
  ];
  const [choice, setChoice] = useState<string>(candidates[0] ? String(candidates[0].delegationId) : OTHER);
  const [other, setOther] = useState<DelegationListItem | null>(null);
  const chosen = choice === OTHER ? (other?.id ?? null) : Number(choice);
  const [asBooking, setAsBooking] = useState(true);
  const [refusal, setRefusal] = useState<string | null>(null);
  const decided = invoice.match_status === 'confirmed';
  const bookingApplies = match?.bookingId != null && chosen === match.delegationId;
  const onError = (error: unknown) => setRefusal(firstIssueText(error) ?? t('match.failed'));

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="invoice-match-title">
      <Typography variant="h6" component="h2" id="invoice-match-title" gutterBottom>
        {t('match.title')}
      </Typography>
      <Stack spacing={2}>
        {refusal && (
          <Alert severity="error" onClose={() => setRefusal(null)}>
            {refusal}
          </Alert>
        )}
        {decided && match?.delegationId ? (
          <Alert severity="success">
            {t('match.confirmed')}{' '}
            <RouterLink to={`/delegation/readonly/${match.delegationId}`}>
              {match.delegationNumber ?? t('withoutNumber')}
            </RouterLink>
          </Alert>
        ) : invoice.match_status === 'rejected' ? (
          <Alert severity="info">{t('match.rejected')}</Alert>
        ) : candidates.length === 0 ? (
          <Alert severity="warning">{t('match.noTrip')}</Alert>
        ) : null}
        {match && match.reasons.length > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h3">
              {t('match.reasonsTitle', { score: match.score })}
            </Typography>
            <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
              {match.reasons.map((reason) => (
                <li key={reason.code}>{t(reason.code, reasonParams(reason, i18n.language))}</li>
              ))}
            </Box>
          </Box>
        )}
        {!decided && (
          <FormControl>
            <FormLabel id="invoice-match-choice">{t('match.choose')}</FormLabel>
            <RadioGroup aria-labelledby="invoice-match-choice" value={choice} onChange={(event) => setChoice(event.target.value)}>
              {candidates.map((candidate, index) => (
                <FormControlLabel
                  key={candidate.delegationId}
                  value={String(candidate.delegationId)}
                  control={<Radio />}
                  label={t(index === 0 && match?.delegationId ? 'match.suggested' : 'match.alternative', {
                    number: candidate.delegationNumber ?? t('withoutNumber'),
                    employee: candidate.employeeName,
                    score: candidate.score,
                  })}
                />
              ))}
              <FormControlLabel value={OTHER} control={<Radio />} label={t('match.other')} />
            </RadioGroup>
            {choice === OTHER && <SettlementSearch invoice={invoice} value={other} onChange={setOther} />}
            {bookingApplies && (
              <FormControlLabel
                control={<Checkbox checked={asBooking} onChange={(event) => setAsBooking(event.target.checked)} />}
                label={t('match.asBookingInvoice')}
              />
            )}
          </FormControl>
        )}
        {!decided && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              disabled={chosen === null}
              loading={confirm.isPending}
              onClick={() =>
                chosen !== null &&
                confirm.mutate(
                  { id: invoice.id, delegation_id: chosen, booking_id: bookingApplies && asBooking ? (match?.bookingId ?? null) : null },
                  { onSuccess: () => enqueueSnackbar(t('match.confirmedNow')), onError },
                )
              }
            >
              {t('match.confirm')}
            </Button>
            {invoice.match_status !== 'rejected' && (
              <Button
                color="warning"
                loading={reject.isPending}
                onClick={() => reject.mutate(invoice.id, { onSuccess: () => enqueueSnackbar(t('match.rejectedNow')), onError })}
              >
                {t('match.reject')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
