import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import PaymentsIcon from '@mui/icons-material/Payments';
import { useTranslation } from 'react-i18next';
import { ADVANCE_PAYMENT_TYPES, ADVANCE_STATUSES, toLocalDate, validateOrderAdvances, type AdvancePaymentType, type AdvanceStatus, type Issue, formatMoneyText } from '@delego/domain';
import type { AdvanceListItem, AttachmentDto } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { AmountField } from '../../components/inputs/amount-field.tsx';
import { CurrencyField } from '../../components/inputs/currency-field.tsx';
import { DateTimeField } from '../../components/inputs/date-time-field.tsx';
import { DataTable, type DataColumn } from '../../components/data-table/data-table.tsx';
import { useListState } from '../../components/data-table/use-list-state.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { useCurrentUser } from '../../lib/session.tsx';
import { userHasPermission } from '../../lib/user-context.ts';
import { useAdvanceDecision, useAdvances, useMyOpenOrders, useSaveAdvance } from './api/use-advances.ts';
import { FilterSelect } from '../../components/data-table/filter-select.tsx';
import { AttachmentsProvider } from '../settlements/components/attachments.tsx';
import { AdvanceFileList, AdvanceFilesField } from './advance-files.tsx';

const STATUS_COLOR: Record<AdvanceStatus, 'default' | 'success' | 'error' | 'info'> = { unknown: 'default', approved: 'info', rejected: 'error', paid: 'success' };

interface AdvanceDraft {
  id?: number;
  delegation_order_id: number | null;
  amount_in_currency: string;
  currency: string;
  payment_type: AdvancePaymentType | '';
  payment_date: string;
  comment: string;
  /** The ids the save names: saved ones and uploads made in the dialog. */
  files: number[];
  /** The files the advance was saved with. */
  savedFiles: readonly AttachmentDto[];
}

/** The company's file rules, as the list answers them. */
interface FileRules {
  maxMb: number;
  pdfOnly: boolean;
}

/** Requests an advance on one of my orders or changes one not decided yet. */
function AdvanceDialog({ draft, extended, meId, fileRules, onClose }: { draft: AdvanceDraft; extended: boolean; meId: number; fileRules: FileRules; onClose: () => void }) {
  const { t } = useTranslation('delegation-advance');
  const { t: tc } = useTranslation('common');
  const { t: to } = useTranslation('delegation-order');
  const orders = useMyOpenOrders();
  const save = useSaveAdvance();
  const [current, setCurrent] = useState<AdvanceDraft>(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Basic flow: only orders still with their owner; extended: also those going ahead (spec §4 "Advance flow").
  const editable = (orders.data?.items ?? []).filter(
    (order) => order.allowedActions.includes('edit') || (extended && order.employee.id === meId && (order.status === 'submitted' || order.status === 'accepted')),
  );
  const set = (change: Partial<AdvanceDraft>) => {
    setCurrent({ ...current, ...change });
    setErrors({});
  };
  const show = (issues: Issue[]) => setErrors(Object.fromEntries(issues.map((issue) => [String(issue.path[0] ?? 'delegation_order_id'), translateIssueCode(issue.code, issue.params)])));
  const close = () => onClose();
  const confirm = () => {
    if (current.delegation_order_id === null) {
      setErrors({ delegation_order_id: translateIssueCode('global.error.required') });
      return;
    }
    const issues = validateOrderAdvances([{ ...current, payment_date: current.payment_date || null }], { endDate: null, multipleAdvances: true, prefix: [] });
    if (issues.length > 0) return show(issues);
    save.mutate(
      {
        ...(current.id ? { id: current.id } : {}),
        delegation_order_id: current.delegation_order_id,
        amount_in_currency: current.amount_in_currency,
        currency: current.currency,
        payment_type: current.payment_type,
        payment_date: current.payment_date || null,
        comment: current.comment,
        files: current.files,
      },
      {
        onSuccess: () => {
          enqueueSnackbar(t('saved'));
          close();
        },
        onError: (error) => {
          if (error instanceof ApiError) show(error.issues);
        },
      },
    );
  };
  return (
    <Dialog open onClose={close} aria-labelledby="advance-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="advance-dialog-title">{current.id ? t('editTitle') : t('newTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            label={t('order')}
            required
            value={current.delegation_order_id === null ? '' : String(current.delegation_order_id)}
            onChange={(event) => set({ delegation_order_id: Number(event.target.value) })}
            disabled={current.id !== undefined}
            error={Boolean(errors.delegation_order_id)}
            helperText={errors.delegation_order_id}
          >
            {editable.map((order) => (
              <MenuItem key={order.id} value={String(order.id)}>
                {`${order.number ?? to(`status.${order.status}`)} – ${order.destination} (${order.start_date.slice(0, 10)})`}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={2}>
            <AmountField label={t('amount')} required value={current.amount_in_currency} onChange={(amount) => set({ amount_in_currency: amount })} error={Boolean(errors.amount_in_currency)} helperText={errors.amount_in_currency} />
            <CurrencyField label={t('currency')} required value={current.currency} onChange={(currency) => set({ currency })} error={Boolean(errors.currency)} helperText={errors.currency} />
          </Stack>
          <TextField select label={t('paymentType')} required value={current.payment_type} onChange={(event) => set({ payment_type: event.target.value as AdvancePaymentType })} error={Boolean(errors.payment_type)} helperText={errors.payment_type}>
            {ADVANCE_PAYMENT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {to(`paymentType.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <DateTimeField dateOnly label={t('paymentDate')} value={current.payment_date} onChange={(day) => set({ payment_date: day })} error={Boolean(errors.payment_date)} helperText={errors.payment_date} />
          <TextField label={t('comment')} value={current.comment} onChange={(event) => set({ comment: event.target.value })} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 1000 } }} />
          <AttachmentsProvider saved={current.savedFiles} maxMb={fileRules.maxMb} pdfOnly={fileRules.pdfOnly}>
            <AdvanceFilesField files={current.files} onChange={(files) => set({ files })} error={errors.files} />
          </AttachmentsProvider>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{tc('actions.cancel')}</Button>
        <Button variant="contained" onClick={confirm} disabled={save.isPending}>
          {tc('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type Decision = 'approve' | 'reject' | 'markPaid';

/** Confirms a financial decision; marking paid asks for the payment date. */
function DecisionDialog({ advance, decision, onClose }: { advance: AdvanceListItem; decision: Decision; onClose: () => void }) {
  const { t, i18n } = useTranslation('delegation-advance');
  const { t: tc } = useTranslation('common');
  const decide = useAdvanceDecision();
  // Today in Warsaw: around midnight the UTC date is still yesterday's.
  const [date, setDate] = useState(() => toLocalDate(new Date()));
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () =>
    decide.mutate(
      { id: advance.id, decision, ...(decision === 'markPaid' ? { payment_date: date } : {}), ...(comment.trim() ? { comment: comment.trim() } : {}) },
      {
        onSuccess: () => {
          enqueueSnackbar(t(`done.${decision}`));
          onClose();
        },
        onError: (failure) => {
          const issue = failure instanceof ApiError ? failure.issues[0] : undefined;
          if (issue) setError(translateIssueCode(issue.code, issue.params));
        },
      },
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby="advance-decision-title" fullWidth maxWidth="xs">
      <DialogTitle id="advance-decision-title">{t(`confirm.${decision}`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('confirm.message', { name: advance.employee.fullName, amount: formatMoneyText(advance.amount_in_currency, advance.currency, i18n.language) })}</DialogContentText>
        <Stack spacing={2} sx={{ mt: 2 }}>
          {decision === 'markPaid' && (
            <DateTimeField dateOnly label={t('paymentDate')} value={date} onChange={setDate} error={Boolean(error)} helperText={error} />
          )}
          {decision !== 'markPaid' && error && <Alert severity="error">{error}</Alert>}
          <AdvanceFileList files={advance.files} />
          <TextField label={t('decisionComment')} value={comment} onChange={(event) => setComment(event.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 1000 } }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tc('actions.cancel')}</Button>
        <Button variant="contained" color={decision === 'reject' ? 'error' : 'primary'} onClick={confirm} disabled={decide.isPending}>
          {t(`actions.${decision}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** `/delegation-advance`: my advances and, for financial acceptors, those to decide or pay (spec §2, §4 "Advance flow"). */
export function DelegationAdvancePage() {
  const { t, i18n } = useTranslation('delegation-advance');
  const { t: to } = useTranslation('delegation-order');
  const me = useCurrentUser();
  const { state, update } = useListState<'start_date'>({ sort: 'start_date', order: 'desc' });
  const [params, setParams] = useSearchParams();
  // Whoever decides and pays advances opens the page on those waiting for them.
  const scopeParam = params.get('scope');
  const scope = scopeParam === 'toDecide' || scopeParam === 'mine' ? scopeParam : userHasPermission(me, 'delegationAcceptFinancial') ? 'toDecide' : 'mine';
  const statusParam = params.get('status');
  const status = (ADVANCE_STATUSES as readonly (string | null)[]).includes(statusParam) ? (statusParam as AdvanceStatus) : undefined;
  const list = useAdvances({ scope, page: state.page, page_size: state.page_size, ...(status ? { status } : {}) });
  const [draft, setDraft] = useState<AdvanceDraft | null>(null);
  const [deciding, setDeciding] = useState<{ advance: AdvanceListItem; decision: Decision } | null>(null);
  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const columns: DataColumn<AdvanceListItem, 'start_date'>[] = [
    { key: 'employee', label: t('columns.employee'), render: (row) => row.employee.fullName },
    {
      key: 'order',
      label: t('columns.order'),
      render: (row) => (
        <>
          {row.order.number ?? to(`status.${row.order.status}`)}
          <Typography variant="caption" component="div" color="text.secondary">
            {`${row.order.destination}, ${row.order.start_date.slice(0, 10)} – ${row.order.end_date.slice(0, 10)}`}
          </Typography>
        </>
      ),
    },
    { key: 'amount', label: t('amount'), align: 'right', render: (row) => formatMoneyText(row.amount_in_currency, row.currency, i18n.language) },
    { key: 'payment_type', label: t('paymentType'), render: (row) => to(`paymentType.${row.payment_type}`) },
    { key: 'payment_date', label: t('paymentDate'), render: (row) => row.payment_date ?? '—' },
    { key: 'status', label: t('status'), render: (row) => <Chip size="small" color={STATUS_COLOR[row.status]} label={to(`advanceStatus.${row.status}`)} /> },
    { key: 'comment', label: t('comment'), render: (row) => row.comment },
    { key: 'files', label: t('columns.files'), secondary: true, render: (row) => (row.files.length > 0 ? <AdvanceFileList files={row.files} labelled={false} /> : '—') },
  ];
  const fileRules: FileRules = { maxMb: list.data?.attachment_max_mb ?? 3, pdfOnly: list.data?.pdf_attachment_only ?? false };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={list.data ? t(list.data.advance_flow === 'extended' ? 'flowExtended' : 'flowBasic') : undefined}
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDraft({ delegation_order_id: null, amount_in_currency: '', currency: 'PLN', payment_type: 'transfer', payment_date: '', comment: '', files: [], savedFiles: [] })}
          >
            {t('add')}
          </Button>
        }
      />
      {list.data?.can_decide && (
        <Tabs value={scope} onChange={(_event, value: string) => setParam('scope', value === 'toDecide' ? 'toDecide' : 'mine')} aria-label={t('title')} sx={{ mb: 2 }}>
          <Tab value="mine" label={t('tabs.mine')} />
          <Tab value="toDecide" label={t('tabs.toDecide')} />
        </Tabs>
      )}
      <DataTable
        label={t('title')}
        searchable={false}
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        totalIsExact={list.data?.total_is_exact}
        rowKey={(row) => row.id}
        state={state}
        onChange={update}
        isLoading={list.isFetching}
        isError={list.isError}
        toolbar={
          <FilterSelect
            label={t('status')}
            value={status ?? ''}
            onChange={(value) => setParam('status', value)}
            allLabel={t('allStatuses')}
            options={ADVANCE_STATUSES.map((value) => ({ value, label: to(`advanceStatus.${value}`) }))}
            minWidth={180}
          />
        }
        actions={(row) => (
          <>
            {row.allowedActions.includes('edit') && (
              <Tooltip title={t('actions.edit')}>
                <IconButton
                  aria-label={t('actions.edit')}
                  onClick={() =>
                    setDraft({
                      id: row.id,
                      delegation_order_id: row.order.id,
                      amount_in_currency: row.amount_in_currency,
                      currency: row.currency,
                      payment_type: row.payment_type,
                      payment_date: row.payment_date ?? '',
                      comment: row.comment,
                      files: row.files.map((file) => file.id),
                      savedFiles: row.files,
                    })
                  }
                >
                  <EditIcon />
                </IconButton>
              </Tooltip>
            )}
            {(['approve', 'reject', 'markPaid'] as const)
              .filter((decision) => row.allowedActions.includes(decision))
              .map((decision) => (
                <Tooltip key={decision} title={t(`actions.${decision}`)}>
                  <IconButton aria-label={t(`actions.${decision}`)} color={decision === 'reject' ? 'error' : 'success'} onClick={() => setDeciding({ advance: row, decision })}>
                    {decision === 'approve' ? <CheckIcon /> : decision === 'reject' ? <CloseIcon /> : <PaymentsIcon />}
                  </IconButton>
                </Tooltip>
              ))}
          </>
        )}
      />
      {draft && <AdvanceDialog key={draft.id ?? 'new'} draft={draft} extended={list.data?.advance_flow === 'extended'} meId={me.context_user_id} fileRules={fileRules} onClose={() => setDraft(null)} />}
      {deciding && <DecisionDialog advance={deciding.advance} decision={deciding.decision} onClose={() => setDeciding(null)} />}
    </>
  );
}
