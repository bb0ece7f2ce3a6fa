import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatWallPeriod } from '@delego/domain';
import { PageHeader } from '../../components/page-header.tsx';
import { DataCards, type DataColumn } from '../../components/data-table/data-table.tsx';
import { useCurrentUser } from '../../lib/session.tsx';
import { useAvailableOrders, useAvailableUsers, useFormOptions } from './api/settlements.ts';
import { LIST_PATH } from './components/settlement-editor.tsx';

interface ChoiceCardProps {
  title: string;
  text: string;
  disabledReason?: string;
  to: string;
}

function ChoiceCard({ title, text, disabledReason, to }: ChoiceCardProps) {
  const { t } = useTranslation('settlements');
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
        {disabledReason && (
          <Alert severity="info" role="note" sx={{ mt: 2 }}>
            {disabledReason}
          </Alert>
        )}
      </CardContent>
      <CardActions>
        <Button variant="contained" component={RouterLink} to={to} disabled={Boolean(disabledReason)} aria-label={`${t('start.choose')}: ${title}`}>
          {t('start.choose')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** `/delegation/start`: an independent settlement or one from an accepted trip order (spec §2), as the company allows. */
export function SettlementStartPage() {
  const { t } = useTranslation('settlements');
  const { t: tr } = useTranslation('routes');
  const user = useCurrentUser();
  const options = useFormOptions();
  const users = useAvailableUsers();
  const [worker, setWorker] = useState<number>(user.context_user_id);
  const requirement = options.data?.settings.trip_order_requirement;
  const people = users.data?.items ?? [];
  return (
    <>
      <PageHeader title={tr('delegation.start')} description={t('start.description')} />
      {options.isPending && <LinearProgress aria-label={t('start.description')} />}
      {people.length > 1 && (
        <TextField
          select
          size="small"
          label={t('start.worker')}
          helperText={t('start.workerHint')}
          value={String(worker)}
          onChange={(event) => setWorker(Number(event.target.value))}
          sx={{ minWidth: 280, mb: 2 }}
        >
          {people.map((person) => (
            <MenuItem key={person.id} value={String(person.id)}>
              {person.fullName}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ChoiceCard
            title={t('start.fromOrder')}
            text={t('start.fromOrderText')}
            disabledReason={requirement === 'disabled' ? t('start.fromOrderDisabled') : undefined}
            to={`${LIST_PATH}/start-choose-order`}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ChoiceCard
            title={t('start.independent')}
            text={t('start.independentText')}
            disabledReason={requirement === 'required' ? t('start.independentDisabled') : undefined}
            to={worker === user.context_user_id ? `${LIST_PATH}/new` : `${LIST_PATH}/new?user=${worker}`}
          />
        </Grid>
      </Grid>
    </>
  );
}

/** `/delegation/start-choose-order`: only accepted orders without a settlement (spec §4, §5). */
export function SettlementChooseOrderPage() {
  const { t, i18n } = useTranslation('settlements');
  const { t: tr } = useTranslation('routes');
  const navigate = useNavigate();
  const orders = useAvailableOrders();
  const items = orders.data?.items;
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  type Order = NonNullable<typeof items>[number];
  const numberOf = (order: Order) => order.number ?? t('list.noNumber');
  const settleButton = (order: Order) => (
    <Button variant="contained" size="small" onClick={() => void navigate(`${LIST_PATH}/new-from-order/${order.id}`)}>
      {t('chooseOrder.settle', { number: numberOf(order) })}
    </Button>
  );
  // On a phone the orders are cards, so that the trip and its button are read without scrolling sideways.
  const cardColumns: DataColumn<Order, never>[] = [
    { key: 'number', label: t('chooseOrder.columns.number'), render: numberOf },
    { key: 'employee', label: t('chooseOrder.columns.employee'), render: (order) => order.employee_name },
    { key: 'period', label: t('chooseOrder.columns.period'), render: (order) => formatWallPeriod(order.start_date, order.end_date, i18n.language) },
    { key: 'destination', label: t('chooseOrder.columns.destination'), render: (order) => order.destination_text },
    { key: 'accepted', label: t('chooseOrder.columns.accepted'), render: (order) => (order.accepted_at ? formatDateTime(order.accepted_at, i18n.language) : '') },
  ];
  return (
    <>
      <PageHeader title={tr('delegation.startChooseOrder')} description={t('chooseOrder.description')} />
      <Paper variant="outlined">
        {orders.isFetching && <LinearProgress aria-label={t('chooseOrder.label')} />}
        {orders.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('editor.loadError')}
          </Alert>
        )}
        {isPhone ? (
          <Box sx={{ p: 1.5 }}>
            <DataCards label={t('chooseOrder.label')} columns={cardColumns} rows={items ?? []} rowKey={(order) => order.id} rowLabel={numberOf} actions={settleButton} />
            {items && items.length === 0 && (
              <Typography variant="body2" color="text.secondary" align="center" sx={{ py: 4 }}>
                {t('chooseOrder.empty')}
              </Typography>
            )}
          </Box>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('chooseOrder.label')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('chooseOrder.columns.number')}</TableCell>
                  <TableCell>{t('chooseOrder.columns.employee')}</TableCell>
                  <TableCell>{t('chooseOrder.columns.period')}</TableCell>
                  <TableCell>{t('chooseOrder.columns.destination')}</TableCell>
                  <TableCell>{t('chooseOrder.columns.accepted')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {items?.map((order) => (
                  <TableRow key={order.id} hover>
                    <TableCell>{order.number ?? t('list.noNumber')}</TableCell>
                    <TableCell>{order.employee_name}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatWallPeriod(order.start_date, order.end_date, i18n.language)}
                    </TableCell>
                    <TableCell>{order.destination_text}</TableCell>
                    <TableCell>{order.accepted_at ? formatDateTime(order.accepted_at, i18n.language) : ''}</TableCell>
                    <TableCell align="right">{settleButton(order)}</TableCell>
                  </TableRow>
                ))}
                {items && items.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                      {t('chooseOrder.empty')}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
    </>
  );
}
