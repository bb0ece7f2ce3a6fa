import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DelegationOrderDto } from '@delego/contract';
import type { OrderEstimate } from '@delego/domain';
import { formatDateTime, formatMoneyText, formatWallTime } from '@delego/domain';
import { OrderStatusChip } from './order-labels.tsx';
import { DeciderName } from '../../components/feedback/decider-name.tsx';

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
  return (
    <Table size="small" aria-label={t('estimate.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('estimate.item')}</TableCell>
          <TableCell align="right">{t('estimate.amount')}</TableCell>
          <TableCell align="right">{t('estimate.amountPln')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {estimate.lines.map((line) => (
          <TableRow key={line.kind}>
            <TableCell>
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
            </TableCell>
            <TableCell align="right">{formatMoneyText(line.amount, line.currency, i18n.language)}</TableCell>
            <TableCell align="right">{line.amount_pln === null ? t('estimate.noRate') : formatMoneyText(line.amount_pln, 'PLN', i18n.language)}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>{t('estimate.total')}</TableCell>
          <TableCell />
          <TableCell align="right" sx={{ fontWeight: 600 }}>
            {estimate.total_pln === null ? t('estimate.noRate') : formatMoneyText(estimate.total_pln, 'PLN', i18n.language)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

/** The decision history: who did what, when, how, with which comment. */
export function DecisionHistory({ order }: { order: DelegationOrderDto }) {
  const { t, i18n } = useTranslation('delegation-order');
  if (order.decisions.length === 0) return <Typography color="text.secondary">{t('history.empty')}</Typography>;
  return (
    <Table size="small" aria-label={t('history.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('history.when')}</TableCell>
          <TableCell>{t('history.who')}</TableCell>
          <TableCell>{t('history.action')}</TableCell>
          <TableCell>{t('history.comment')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {order.decisions.map((decision) => (
          <TableRow key={decision.id}>
            <TableCell>{formatDateTime(decision.created_at, i18n.language)}</TableCell>
            <TableCell>
              <DeciderName decision={decision} />
            </TableCell>
            <TableCell>
              {t(`history.actions.${decision.action}`)}
              {decision.channel === 'emailLink' && (
                <Typography variant="caption" color="text.secondary" component="div">
                  {t('history.byLink')}
                </Typography>
              )}
            </TableCell>
            <TableCell>{decision.comment}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The whole order read-only: the read-only and decision screens show it alike. */
export function DelegationOrderView({ order }: { order: DelegationOrderDto }) {
  const { t, i18n } = useTranslation('delegation-order');
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 3 }}>
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
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('form.advances')}
        </Typography>
        {order.advances.length === 0 ? (
          <Typography color="text.secondary">{t('form.noAdvances')}</Typography>
        ) : (
          <Table size="small" aria-label={t('form.advances')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('advance.amount')}</TableCell>
                <TableCell>{t('advance.paymentType')}</TableCell>
                <TableCell>{t('advance.paymentDate')}</TableCell>
                <TableCell>{t('advance.status')}</TableCell>
                <TableCell>{t('advance.comment')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.advances.map((advance, index) => (
                <TableRow key={advance.id ?? index}>
                  <TableCell>{formatMoneyText(advance.amount_in_currency, advance.currency, i18n.language)}</TableCell>
                  <TableCell>{t(`paymentType.${advance.payment_type}`)}</TableCell>
                  <TableCell>{advance.payment_date ?? '—'}</TableCell>
                  <TableCell>{t(`advanceStatus.${advance.status}`)}</TableCell>
                  <TableCell>{advance.comment}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('estimate.title')}
        </Typography>
        <EstimateTable estimate={order.estimate} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('history.title')}
        </Typography>
        <Divider sx={{ mb: 1 }} />
        <DecisionHistory order={order} />
      </Paper>
    </Stack>
  );
}
