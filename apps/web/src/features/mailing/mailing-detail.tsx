import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type MailingDeliveryState } from '@delego/domain';
import { MAILING_DELIVERY_FILTERS, type MAILING_DELIVERY_SORT_COLUMNS, type MailingDelivery, type MailingDetail as Mailing, type MailingProgress } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { useListFilters, useListState } from '../../components/data-table/use-list-state.ts';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { firstIssueText } from '../../components/form/issue-texts.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { PROGRESS_POLL_MS, useDeliveries, useMailing, useMailingList, useMailingProgress, useSendMailing } from './api/mailing.ts';
import { MailingEditorDialog } from './mailing-editor-dialog.tsx';

type DeliverySort = (typeof MAILING_DELIVERY_SORT_COLUMNS)[number];
type DeliveryFilter = (typeof MAILING_DELIVERY_FILTERS)[number];
const isFilter = (value: string | null): value is DeliveryFilter => (MAILING_DELIVERY_FILTERS as readonly (string | null)[]).includes(value);

export const STATE_COLORS: Record<MailingDeliveryState, 'default' | 'success' | 'error'> = { queued: 'default', sent: 'success', failed: 'error' };
export const STATUS_COLORS = { draft: 'default', sending: 'info', sent: 'success' } as const;

/** The share of messages done (sent or given up), with the counts in words beside the bar. */
export function ProgressBar({ progress }: { progress: MailingProgress }) {
  const { t } = useTranslation('mailing');
  const done = progress.sent + progress.failed;
  const percent = progress.total === 0 ? 0 : Math.round((done / progress.total) * 100);
  return (
    <Box>
      <LinearProgress variant="determinate" value={percent} color={progress.failed > 0 ? 'warning' : 'primary'} aria-label={t('detail.progressLabel')} aria-valuetext={t('detail.progressText', { done, total: progress.total })} sx={{ height: 8, borderRadius: 1 }} />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('detail.counts', { total: progress.total, sent: progress.sent, queued: progress.queued, failed: progress.failed })}
      </Typography>
    </Box>
  );
}

/** One mailing: its texts, a progress bar asked again while its messages are on their way, each recipient's delivery; a draft is edited or sent from here. */
export function MailingDetailView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t, i18n } = useTranslation('mailing');
  const mailing = useMailing(id);
  if (mailing.isPending) return <PageSpinner />;
  if (mailing.isError) return <Alert severity="error">{t('detail.loadFailed')}</Alert>;
  return <Detail key={i18n.language} mailing={mailing.data} onBack={onBack} />;
}

function Detail({ mailing, onBack }: { mailing: Mailing; onBack: () => void }) {
  const { t, i18n } = useTranslation('mailing');
  const [language, setLanguage] = useState<'pl' | 'en'>('pl');
  const [isEditing, setEditing] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const send = useSendMailing();
  const isDraft = mailing.status === 'draft';
  const list = useMailingList(isDraft ? mailing.list_id : null);
  const live = useMailingProgress(mailing.id, !isDraft);
  const progress = live.data ?? mailing.progress;
  const isSending = progress.status === 'sending';
  const { state, query, update } = useListState<DeliverySort>({ sort: 'name' });
  const { params, setFilter } = useListFilters();
  const filterParam = params.get('state');
  const filter: DeliveryFilter = isFilter(filterParam) ? filterParam : 'all';
  const deliveries = useDeliveries({ ...query, id: mailing.id, state: filter }, isSending ? PROGRESS_POLL_MS : false);
  const recipients = list.data?.preview.recipients;

  const confirmSend = () =>
    send.mutate(mailing.id, {
      onSuccess: ({ progress: queued }) => enqueueSnackbar(t('detail.queued', { count: queued.total })),
      onError: (error) => enqueueSnackbar(firstIssueText(error) ?? translateIssueCode(''), { variant: 'error' }),
      onSettled: () => setConfirming(false),
    });

  const columns = useMemo<DataColumn<MailingDelivery, DeliverySort>[]>(
    () => [
      {
        key: 'name',
        label: t('deliveries.recipient'),
        sortKey: 'name',
        render: (row) => (
          <>
            {row.user_name}
            <Typography variant="body2" color="text.secondary">
              {row.company_name}
            </Typography>
          </>
        ),
      },
      { key: 'email', label: t('deliveries.email'), sortKey: 'email', render: (row) => row.email },
      { key: 'language', secondary: true, label: t('deliveries.language'), render: (row) => t(`editor.languages.${row.language}`) },
      {
        key: 'state',
        label: t('deliveries.state'),
        sortKey: 'state',
        render: (row) => (
          <>
            <Chip size="small" color={STATE_COLORS[row.state]} label={t(`deliveryStates.${row.state}`)} />
            {row.error && (
              <Typography variant="body2" color={row.state === 'failed' ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
                {row.error}
              </Typography>
            )}
          </>
        ),
      },
      { key: 'sent_at', secondary: true, label: t('deliveries.sentAt'), render: (row) => (row.sent_at ? formatDateTime(row.sent_at, i18n.language) : '—') },
    ],
    [t, i18n.language],
  );

  return (
    <>
      <Button startIcon={<ArrowBackIcon />} size="small" onClick={onBack} sx={{ mb: 1 }}>
        {t('detail.back')}
      </Button>
      <PageHeader
        title={mailing.subject_pl}
        actions={
          isDraft && (
            <>
              <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>
                {t('detail.edit')}
              </Button>
              <Button variant="contained" startIcon={<SendIcon />} onClick={() => setConfirming(true)} disabled={mailing.list_id === null}>
                {t('detail.send')}
              </Button>
            </>
          )
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Chip color={STATUS_COLORS[progress.status]} label={t(`statuses.${progress.status}`)} />
          <Typography variant="body2">{t('detail.list', { name: mailing.list_name })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('detail.createdBy', { name: mailing.created_by, at: formatDateTime(mailing.created_at, i18n.language) })}
          </Typography>
          {mailing.sent_at && (
            <Typography variant="body2" color="text.secondary">
              {t('detail.sentAt', { at: formatDateTime(mailing.sent_at, i18n.language) })}
            </Typography>
          )}
        </Box>
        {!isDraft && <ProgressBar progress={progress} />}
        {isDraft && list.data && (
          <Alert severity={list.data.preview.recipients === 0 ? 'warning' : 'info'}>
            {t('preview.recipients', { count: list.data.preview.recipients })}{' '}
            {list.data.preview.excluded_disabled_company + list.data.preview.excluded_inactive_user + list.data.preview.duplicate_addresses > 0 &&
              t('preview.excluded', { disabled: list.data.preview.excluded_disabled_company, inactive: list.data.preview.excluded_inactive_user, duplicates: list.data.preview.duplicate_addresses })}
          </Alert>
        )}
        <Box>
          <Tabs value={language} onChange={(_event, value: 'pl' | 'en') => setLanguage(value)} aria-label={t('editor.languageTabs')}>
            <Tab value="pl" label={t('editor.languages.pl')} />
            <Tab value="en" label={t('editor.languages.en')} />
          </Tabs>
          <Box role="tabpanel" aria-label={t(`editor.languages.${language}`)} sx={{ pt: 2 }}>
            <Typography variant="subtitle1" component="h2">
              {language === 'pl' ? mailing.subject_pl : mailing.subject_en}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {language === 'pl' ? mailing.body_pl : mailing.body_en}
            </Typography>
          </Box>
        </Box>
      </Paper>
      {!isDraft && (
        <DataTable
          label={t('deliveries.title')}
          columns={columns}
          rows={deliveries.data?.items}
          total={deliveries.data?.total}
          rowKey={(row) => row.id}
          state={state}
          onChange={update}
          isLoading={deliveries.isFetching && !isSending}
          isError={deliveries.isError}
          toolbar={
            <TextField select size="small" label={t('deliveries.stateFilter')} value={filter} onChange={(event) => setFilter('state', event.target.value === 'all' ? '' : event.target.value)} sx={{ minWidth: 180 }}>
              {MAILING_DELIVERY_FILTERS.map((option) => (
                <MenuItem key={option} value={option}>
                  {option === 'all' ? t('deliveries.all') : t(`deliveryStates.${option}`)}
                </MenuItem>
              ))}
            </TextField>
          }
        />
      )}
      <ConfirmDialog
        open={isConfirming}
        title={t('detail.sendTitle')}
        message={recipients === undefined ? t('detail.sendBodyUnknown', { list: mailing.list_name }) : t('detail.sendBody', { count: recipients, list: mailing.list_name })}
        confirmLabel={t('detail.sendConfirm')}
        isPending={send.isPending}
        onConfirm={confirmSend}
        onClose={() => setConfirming(false)}
      />
      {isEditing && <MailingEditorDialog mailing={mailing} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />}
    </>
  );
}
