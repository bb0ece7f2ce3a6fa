import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DelegationOrderDto } from '@delego/contract';
import type { OrderEstimate } from '@delego/domain';
import { formatDateTime, formatMoneyText, formatWallTime } from '@delego/domain';
import { ListTable } from '../../components/data-table/data-table.tsx';
import { OrderStatusChip } from './order-labels.tsx';
import { DeciderName } from '../../components/feedback/decider-name.tsx';
import { AdvanceFileList } from '../delegation-advance/advance-files.tsx';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div">{children || '—'}</Typography>
    </Box>
  );
}

/** The cost estimate: per diems, lodging (nights × hotel limit) and transport, with the PLN total. */
export function EstimateTable({ estimate }: { estimate: OrderEstimate | null }) {
  const { t, i18n } = useTranslation('delegation-order');
  if (!estimate || estimate.lines.length === 0) return <Typography color="text.secondary">{t('estimate.none')}</Typography>;
  type Line = OrderEstimate['lines'][number];
  const pln = (amount: string | null) => (amount === null ? t('estimate.noRate') : formatMoneyText(amount, 'PLN', i18n.language));
  return (
    <ListTable<Line | null>
      label={t('estimate.title')}
      rows={estimate.lines}
      rowKey={(line) => line?.kind ?? 'total'}
      rowLabel={(line) => (line ? t(`estimate.${line.kind}`) : t('estimate.total'))}
      // The total is the row without a line.
      summary={null}
      columns={[
        {
          key: 'item',
          label: t('estimate.item'),
          rowHeader: true,
          render: (line) =>
            line ? (
              <>
                {t(`estimate.${line.kind}`)}
                {line.kind === 'lodging' && line.nights !== undefined && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('estimate.lodgingDetail', { nights: line.nights, limit: line.limit ? formatMoneyText(line.limit, line.currency, i18n.language) : '—' })}
                  </Typography>
                )}
                {line.kind === 'perDiem' && line.rate && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('estimate.perDiemDetail', { rate: formatMoneyText(line.rate, line.currency, i18n.language) })}
                  </Typography>
                )}
              </>
            ) : (
              t('estimate.total')
            ),
        },
        { key: 'amount', label: t('estimate.amount'), align: 'right', render: (line) => (line ? formatMoneyText(line.amount, line.currency, i18n.language) : '') },
        { key: 'amountPln', label: t('estimate.amountPln'), align: 'right', render: (line) => pln(line ? line.amount_pln : estimate.total_pln) },
      ]}
    />
  );
}

/** The decision history: who did what, when, how, with which comment. */
export function DecisionHistory({ order }: { order: DelegationOrderDto }) {
  const { t, i18n } = useTranslation('delegation-order');
  if (order.decisions.length === 0) return <Typography color="text.secondary">{t('history.empty')}</Typography>;
  return (
    <ListTable
      label={t('history.title')}
      rows={order.decisions}
      rowKey={(decision) => decision.id}
      rowLabel={(decision) => formatDateTime(decision.created_at, i18n.language)}
      columns={[
        { key: 'when', label: t('history.when'), render: (decision) => formatDateTime(decision.created_at, i18n.language) },
        { key: 'who', label: t('history.who'), render: (decision) => <DeciderName decision={decision} /> },
        {
          key: 'action',
          label: t('history.action'),
          render: (decision) => (
            <>
              {t(`history.actions.${decision.action}`)}
              {decision.channel === 'emailLink' && (
                <Typography variant="caption" color="text.secondary" component="div">
                  {t('history.byLink')}
                </Typography>
              )}
            </>
          ),
        },
        { key: 'comment', label: t('history.comment'), render: (decision) => <Box sx={{ overflowWrap: 'anywhere' }}>{decision.comment}</Box> },
      ]}
    />
  );
}

/** The whole order read-only: the read-only and decision screens show it alike. */
export function DelegationOrderView({ order }: { order: DelegationOrderDto }) {
  const { t, i18n } = useTranslation('delegation-order');
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {order.number ? t('view.numbered', { number: order.number }) : t('view.unnumbered')}
          </Typography>
          <OrderStatusChip status={order.status} waitingForBudget={order.waiting_for_budget} />
          {order.number && !order.is_number_permanent && <Typography variant="caption">{t('form.numberProposed')}</Typography>}
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          <Field label={t('form.worker')}>{order.employee.fullName}</Field>
          <Field label={t('view.createdBy')}>{order.created_by.fullName}</Field>
          <Field label={t('view.currentApprovers')}>{order.current_approvers.map((person) => person.fullName).join(', ')}</Field>
          <Field label={t('form.startDate')}>{order.start_date ? formatWallTime(order.start_date, i18n.language) : ''}</Field>
          <Field label={t('form.endDate')}>{order.end_date ? formatWallTime(order.end_date, i18n.language) : ''}</Field>
          <Field label={t('form.settlementDeadline')}>{order.settlement_deadline}</Field>
          <Field label={t('form.startPlace')}>{order.start_place_text}</Field>
          <Field label={t('form.endPlace')}>{order.end_place_text}</Field>
          <Field label={t('form.destinations')}>{order.destinations.map((destination) => `${destination.place_text} (${destination.country_code})`).join(', ')}</Field>
          <Field label={t('form.purpose')}>{order.task_id === 'other' ? t('form.otherPurpose') : order.task_name}</Field>
          <Field label={t('form.purposeDescription')}>{order.task}</Field>
          <Field label={t('form.addDescription')}>{order.add_description}</Field>
          <Field label={t('form.allowedTransport')}>{order.allowed_transport.map((type) => t(`transport.${type}`)).join(', ')}</Field>
          <Field label={t('form.allowedTransportCost')}>{order.allowed_transport_cost ? formatMoneyText(order.allowed_transport_cost, 'PLN', i18n.language) : null}</Field>
          <Field label={t('form.destinationText')}>{order.destinationText}</Field>
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('form.advances')}
        </Typography>
        {order.advances.length === 0 ? (
          <Typography color="text.secondary">{t('form.noAdvances')}</Typography>
        ) : (
          <ListTable
            label={t('form.advances')}
            rows={order.advances}
            rowKey={(advance) => advance.id ?? order.advances.indexOf(advance)}
            columns={[
              { key: 'amount', label: t('advance.amount'), render: (advance) => formatMoneyText(advance.amount_in_currency, advance.currency, i18n.language) },
              { key: 'paymentType', label: t('advance.paymentType'), render: (advance) => t(`paymentType.${advance.payment_type}`) },
              { key: 'paymentDate', label: t('advance.paymentDate'), render: (advance) => advance.payment_date ?? '—' },
              { key: 'status', label: t('advance.status'), render: (advance) => t(`advanceStatus.${advance.status}`) },
              { key: 'comment', label: t('advance.comment'), render: (advance) => <Box sx={{ overflowWrap: 'anywhere' }}>{advance.comment}</Box> },
              { key: 'files', label: t('advance.files'), render: (advance) => (advance.files.length > 0 ? <AdvanceFileList files={advance.files} labelled={false} /> : '—') },
            ]}
          />
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('estimate.title')}
        </Typography>
        <EstimateTable estimate={order.estimate} />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('history.title')}
        </Typography>
        <Divider sx={{ mb: 1 }} />
        <DecisionHistory order={order} />
      </Paper>
    </Stack>
  );
}
