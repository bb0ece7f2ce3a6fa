import { useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorCode, validateDecisionReason, formatMoneyText, formatWallPeriod, formatWallTime } from '@delego/domain';
import type { LinkDecision, LinkDocument } from '@delego/contract';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { translateIssueCode, translateServerMessage } from '../../lib/server-messages.ts';
import { useDecideByLink, useDecisionLink } from './api/use-decision-link.ts';
import { LinkStateView, type UnusableLinkState } from './link-state-view.tsx';

function unusableStateOf(error: unknown): UnusableLinkState | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === ErrorCode.tokenExpired) return 'expired';
  if (error.code === ErrorCode.tokenUsed) return 'used';
  if (error.code === ErrorCode.tokenNotFound || error.status === 404 || error.status === 400) return 'notFound';
  return null;
}

/** The document read-only: employee, dates, destination, purpose, amounts. */
function DocumentSummary({ document }: { document: LinkDocument }) {
  const { t, i18n } = useTranslation('decision-link');
  const rows: [string, string][] = [
    [t('number'), document.number ?? '—'],
    [t('employee'), document.employee_name],
    [t('dates'), formatWallPeriod(document.start_date, document.end_date, i18n.language)],
    [t('destination'), document.destination || '—'],
    [t('purpose'), document.purpose ?? '—'],
    [t('description'), document.description ?? '—'],
    [t(document.kind === 'delegationOrder' ? 'estimate' : 'total'), document.estimated_total_cost === null ? '—' : formatMoneyText(document.estimated_total_cost, 'PLN', i18n.language)],
    [
      t('advances'),
      document.advances.length === 0
        ? t('noAdvances')
        : document.advances.map((advance) => `${formatMoneyText(advance.amount_in_currency, advance.currency, i18n.language)}${advance.payment_date ? ` (${formatWallTime(advance.payment_date, i18n.language)})` : ''}`).join(', '),
    ],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/**
 * `/action-by-link/delegationOrder/decision/{token}` and `/action-by-link/delegation/decision/{token}`:
 * opening shows the document and asks for the decision; only the confirmed submit decides, once.
 */
export function DecisionByLinkPage() {
  const { t } = useTranslation('decision-link');
  const { t: tc } = useTranslation('common');
  const { t: tl } = useTranslation('action-by-link');
  const { token = '' } = useParams();
  const link = useDecisionLink(token);
  const decide = useDecideByLink();
  const [comment, setComment] = useState('');
  const [pending, setPending] = useState<LinkDecision | null>(null);
  /** The decision that was asked for without the reason it needs. */
  const [reasonFor, setReasonFor] = useState<LinkDecision | null>(null);
  const [outcome, setOutcome] = useState<{ status: string; number: string | null } | UnusableLinkState | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // The address names the kind of document, so even an unusable link shows the right title; a bare
  // `/action-by-link/{token}` learns it from the server, and says only 'action from a link' until then.
  const { pathname } = useLocation();
  const kind = pathname.startsWith('/action-by-link/delegation/')
    ? 'delegation'
    : pathname.startsWith('/action-by-link/delegationOrder/')
      ? 'delegationOrder'
      : link.data?.state === 'valid'
        ? link.data.document.kind
        : null;
  const title = kind === 'delegation' ? t('titleSettlement') : kind === 'delegationOrder' ? t('titleOrder') : tl('title');
  if (link.isPending) return <PageSpinner label={t('checking')} />;
  if (typeof outcome === 'string') return <LinkStateView title={title} state={outcome} />;
  if (link.isError) {
    const unusable = unusableStateOf(link.error);
    if (unusable) return <LinkStateView title={title} state={unusable} />;
    return <Alert severity="error">{t('loadError')}</Alert>;
  }
  if (link.data.state !== 'valid') return <LinkStateView title={title} state={link.data.state} />;
  const { document, approver_name: approver, decisions } = link.data;

  if (outcome) {
    return (
      <Paper component="section" aria-label={title} sx={{ p: { xs: 3, sm: 4 }, maxWidth: 640, mx: 'auto', mt: { xs: 2, sm: 6 } }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Stack spacing={2}>
          <Alert severity="success">{t(`done.${outcome.status}`, { defaultValue: t('done.other') })}</Alert>
          {outcome.number && <Typography>{t('numberGiven', { number: outcome.number })}</Typography>}
          <Button component={RouterLink} to="/login" variant="outlined">
            {t('goToLogin')}
          </Button>
        </Stack>
      </Paper>
    );
  }

  const reasonIssue = reasonFor ? validateDecisionReason(reasonFor, comment)[0] : undefined;
  const confirm = () => {
    if (!pending) return;
    setFailure(null);
    decide.mutate(
      { token, decision: pending, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      {
        onSuccess: (answer) => setOutcome({ status: answer.document_status, number: answer.number }),
        onError: (error) => {
          const unusable = unusableStateOf(error);
          if (unusable) return setOutcome(unusable);
          setFailure(error instanceof ApiError && error.messages[0] ? translateServerMessage(error.messages[0]) : t('failed'));
        },
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 3, sm: 4 }, maxWidth: 640, mx: 'auto', mt: { xs: 2, sm: 6 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Stack spacing={2}>
        <Typography color="text.secondary">{t('intro', { name: approver })}</Typography>
        <DocumentSummary document={document} />
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          label={t('comment')}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          error={reasonIssue !== undefined}
          helperText={reasonIssue ? translateIssueCode(reasonIssue.code) : t('commentHint')}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {decisions.map((decision) => (
            <Button
              key={decision}
              variant={decision === 'accept' ? 'contained' : 'outlined'}
              color={decision === 'accept' ? 'success' : decision === 'reject' ? 'error' : 'primary'}
              onClick={() => {
                // Returning and rejecting need a reason: asked at the comment before the confirmation.
                const missing = validateDecisionReason(decision, comment).length > 0;
                setReasonFor(missing ? decision : null);
                if (!missing) setPending(decision);
              }}
            >
              {t(`decisions.${decision}`)}
            </Button>
          ))}
        </Stack>
      </Stack>
      <Dialog open={pending !== null} onClose={() => setPending(null)} aria-labelledby="link-decision-title">
        <DialogTitle id="link-decision-title">{pending ? t(`confirm.${pending}`) : ''}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('confirmMessage')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)}>{tc('actions.cancel')}</Button>
          <Button variant="contained" color={pending === 'reject' ? 'error' : 'primary'} disabled={decide.isPending} onClick={confirm}>
            {pending ? t(`decisions.${pending}`) : ''}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
