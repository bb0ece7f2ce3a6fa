import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_PERMISSIONS, formatDecimal, formatMoneyText } from '@delego/domain';
import type { BudgetViewDto } from '@delego/contract';
import { ChartFigure } from '../../components/charts/chart-figure.tsx';
import { useCurrentUser } from '../../lib/session.tsx';
import { userHasPermission } from '../../lib/user-context.ts';
import { useDashboardBudgets } from './api/dashboard.ts';

interface Counts {
  orders: number;
  settlements: number;
  advances: number;
  travelServices: number;
}

const STATE_COLOURS = { ok: 'success.main', warning: 'warning.main', over: 'error.main' } as const;

function budgetName(budget: BudgetViewDto): string {
  return budget.project_name ? `${budget.cost_centre_ordinate} · ${budget.project_name}` : budget.cost_centre_ordinate;
}

/** The budgets in force today: spent and committed against the amount, as bars and as their table. */
function BudgetsFigure({ items }: { items: BudgetViewDto[] }) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  const money = (amount: string) => formatMoneyText(amount, 'PLN', language);
  if (items.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('dashboard.noBudgets')}
      </Typography>
    );
  return (
    <ChartFigure
      title={t('dashboard.budgetsTitle')}
      kind="bar"
      categories={items.map(budgetName)}
      series={[
        { label: t('dashboard.spent'), values: items.map((budget) => budget.figures.spent) },
        { label: t('dashboard.committed'), values: items.map((budget) => budget.figures.committed) },
        { label: t('dashboard.amount'), values: items.map((budget) => budget.figures.amount) },
      ]}
      formatValue={(value) => money(String(value))}
    >
      <Table size="small" aria-label={t('dashboard.budgetsTable')}>
        <TableHead>
          <TableRow>
            {(['budget', 'period', 'amount', 'spent', 'committed', 'left', 'used'] as const).map((column) => (
              <TableCell key={column} component="th" scope="col" align={column === 'budget' || column === 'period' ? 'left' : 'right'}>
                {t(`dashboard.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((budget) => (
            <TableRow key={budget.id}>
              <TableCell component="th" scope="row">
                {budgetName(budget)}
              </TableCell>
              <TableCell>{`${budget.date_from} – ${budget.date_to}`}</TableCell>
              <TableCell align="right">{money(budget.figures.amount)}</TableCell>
              <TableCell align="right">{money(budget.figures.spent)}</TableCell>
              <TableCell align="right">{money(budget.figures.committed)}</TableCell>
              <TableCell align="right">{money(budget.figures.left)}</TableCell>
              <TableCell align="right" sx={{ color: STATE_COLOURS[budget.figures.state] }}>
                {budget.figures.used_percent === null ? '—' : `${formatDecimal(budget.figures.used_percent, language, 1)} % · ${t(`dashboard.state.${budget.figures.state}`)}`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ChartFigure>
  );
}

/**
 * The decider's dashboard in pictures (issue 11 point 4): how many documents wait for them, and
 * the budgets in force today against what is spent and committed, each chart with its table.
 */
export function DashboardCharts({ counts, showAdvances, showTravelServices }: { counts: Counts; showAdvances: boolean; showTravelServices: boolean }) {
  const { t, i18n } = useTranslation('common');
  const user = useCurrentUser();
  const seesBudgets = !user.is_admin_context && DASHBOARD_PERMISSIONS.some((permission) => userHasPermission(user, permission));
  const budgets = useDashboardBudgets(seesBudgets);
  const kinds = (['orders', 'settlements', ...(showAdvances ? ['advances'] : []), ...(showTravelServices ? ['travelServices'] : [])] as (keyof Counts)[]).map((key) => ({
    key,
    label: t(`waiting.${key}`),
    count: counts[key],
  }));
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ mt: 2 }}>
      <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
        <ChartFigure title={t('dashboard.waitingTitle')} kind="bar" categories={kinds.map((kind) => kind.label)} series={[{ label: t('dashboard.documents'), values: kinds.map((kind) => kind.count) }]} height={220}>
          <Table size="small" aria-label={t('dashboard.waitingTable')}>
            <TableBody>
              {kinds.map((kind) => (
                <TableRow key={kind.key}>
                  <TableCell component="th" scope="row">
                    {kind.label}
                  </TableCell>
                  <TableCell align="right">{number.format(kind.count)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ChartFigure>
      </Paper>
      {seesBudgets && (
        <Box component={Paper} variant="outlined" sx={{ p: 2, flex: 2, minWidth: 0 }}>
          {budgets.data && <BudgetsFigure items={budgets.data.items} />}
          {budgets.isError && (
            <Typography variant="body2" color="error">
              {t('dashboard.budgetsFailed')}
            </Typography>
          )}
        </Box>
      )}
    </Stack>
  );
}
