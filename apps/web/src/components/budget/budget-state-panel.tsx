import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatMoneyText, formatWallTime, isLocalDate, MONEY_PATTERN } from '@delego/domain';
import { budgetApi } from '@delego/contract';
import { call } from '../../lib/api-client.ts';
import { BudgetBar } from './budget-bar.tsx';

const SEVERITY = { ok: 'info', warning: 'warning', over: 'error' } as const;

export interface BudgetStatePanelProps {
  costCentreId: number | null;
  projectId?: number | null;
  /** The document's first day (`YYYY-MM-DD`, or a wall time whose day is taken). */
  day: string | null | undefined;
  /** The document's amount in PLN (an order's estimate, a settlement's total, a service's price), when known. */
  amount?: string | null;
  /** The accepted order a settlement settles: its estimate is no longer counted as committed. */
  delegationOrderId?: number | null;
}

/**
 * The budget of the cost centre chosen on a form (issue 11 §3), before the document is sent: what is
 * spent, committed and left on the document's day, and the same with the document counted; it says
 * when the document exceeds the budget and whether the company then asks for an extra acceptance.
 */
export function BudgetStatePanel({ costCentreId, projectId = null, day, amount = null, delegationOrderId = null }: BudgetStatePanelProps) {
  const { t, i18n } = useTranslation('budgets');
  const language = i18n.language;
  const date = day ? day.slice(0, 10) : '';
  const validAmount = amount !== null && MONEY_PATTERN.test(amount) && !amount.startsWith('-') ? amount : undefined;
  const query = {
    cost_centre_id: costCentreId ?? 0,
    date,
    ...(projectId ? { project_id: projectId } : {}),
    ...(validAmount ? { amount: validAmount } : {}),
    ...(delegationOrderId ? { delegation_order_id: delegationOrderId } : {}),
  };
  const enabled = costCentreId !== null && costCentreId > 0 && isLocalDate(date);
  const state = useQuery({
    queryKey: ['budgets', 'state', query],
    queryFn: ({ signal }) => call(budgetApi.state, { query }, { signal, notifyErrors: false }),
    enabled,
    placeholderData: keepPreviousData,
  });
  if (!enabled || !state.data) return null;
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 1, mt: 1 }}>
      {state.data.items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('panel.none')}
        </Typography>
      )}
      {state.data.items.map((item) => {
        const shown = item.with_document ?? item.figures;
        const owner = item.budget.project_name ? `${item.budget.cost_centre_ordinate} · ${item.budget.project_name}` : item.budget.cost_centre_ordinate;
        const period = `${formatWallTime(item.budget.date_from, language)} – ${formatWallTime(item.budget.date_to, language)}`;
        const title = t('panel.title', { name: owner, period });
        return (
          <Alert key={item.budget.id} severity={SEVERITY[shown.state]} role="none">
            <AlertTitle>{title}</AlertTitle>
            <BudgetBar figures={item.figures} label={title} />
            {item.with_document && (
              <Typography variant="body2">
                {t('panel.withDocument', { percent: item.with_document.used_percent === null ? '—' : formatDecimal(item.with_document.used_percent, language), left: formatMoneyText(item.with_document.left, 'PLN', language) })}
              </Typography>
            )}
            {item.with_document?.state === 'over' && (
              <Typography variant="body2" sx={{ fontWeight: 'bold' }}>
                {t(state.data.exceeded_rule === 'accept' ? 'panel.exceedsAccept' : 'panel.exceedsWarn')}
              </Typography>
            )}
          </Alert>
        );
      })}
    </Box>
  );
}
