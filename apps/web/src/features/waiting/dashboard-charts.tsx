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
import { DASHBOARD_PERMISSIONS, formatDecimal, formatMoneyText, formatWallTime } from '@delego/domain';
import type { DashboardBudgetDto } from '@delego/contract';
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

function budgetName(budget: DashboardBudgetDto): string {
  return budget.project_name ? `${budget.cost_centre_ordinate} · ${budget.project_name}` : budget.cost_centre_ordinate;
}

/**
 * This month's spending against the budgets in force today (ADR 0021): what the month's trips spent
 * and commit against each budget's share of the month (pro rata of its period by days), as bars and
 * as their table, with the whole period's use beside it.
 */
function BudgetsFigure({ items }: { items: DashboardBudgetDto[] }) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  const money = (amount: string) => formatMoneyText(amount, 'PLN', language);
  const used = (figures: DashboardBudgetDto['figures']) =>
    figures.used_percent === null ? '—' : `${formatDecimal(figures.used_percent, language, 1)} % · ${t(`dashboard.state.${figures.state}`)}`;
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
        { label: t('dashboard.spent'), values: items.map((budget) => budget.month.figures.spent) },
        { label: t('dashboard.committed'), values: items.map((budget) => budget.month.figures.committed) },
        { label: t('dashboard.share'), values: items.map((budget) => budget.month.figures.amount) },
      ]}
      formatValue={(value) => money(String(value))}
    >
      <Table size="small" aria-label={t('dashboard.budgetsTable')}>
        <TableHead>
          <TableRow>
            {(['budget', 'days', 'share', 'spent', 'committed', 'left', 'used', 'periodUsed'] as const).map((column) => (
              <TableCell key={column} component="th" scope="col" align={column === 'budget' || column === 'days' ? 'left' : 'right'}>
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
              <TableCell>{`${formatWallTime(budget.month.from, language)} – ${formatWallTime(budget.month.to, language)}`}</TableCell>
              <TableCell align="right">{money(budget.month.figures.amount)}</TableCell>
              <TableCell align="right">{money(budget.month.figures.spent)}</TableCell>
              <TableCell align="right">{money(budget.month.figures.committed)}</TableCell>
              <TableCell align="right">{money(budget.month.figures.left)}</TableCell>
              <TableCell align="right" sx={{ color: STATE_COLOURS[budget.month.figures.state] }}>
                {used(budget.month.figures)}
              </TableCell>
              <TableCell align="right" sx={{ color: STATE_COLOURS[budget.figures.state] }}>
                {used(budget.figures)}
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
 * this month's spending against the budgets in force today, each chart with its table.
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
