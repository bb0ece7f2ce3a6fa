import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dec, type BudgetState, formatDecimal, formatMoneyText } from '@delego/domain';
import type { BudgetFiguresDto } from '@delego/contract';

/** The colour of a budget's state: amber from 80 %, red above 100 % (issue 11 §3). */
export const BUDGET_STATE_COLOR: Record<BudgetState, 'primary' | 'warning' | 'error'> = { ok: 'primary', warning: 'warning', over: 'error' };

/** A part of the bar's width in percent (a drawing, not money: the amounts themselves stay decimal). */
function share(part: string, whole: string): number {
  const total = dec(whole);
  if (total.isZero()) return dec(part).isZero() ? 0 : 100;
  return Math.min(100, Math.max(0, Number(dec(part).times(100).div(total).toFixed(2))));
}

/**
 * A budget as a bar: spent and committed as two segments of the amount, amber from 80 %, red above
 * 100 %. The bar is a picture named by its figures; the same figures follow as text.
 */
export function BudgetBar({ figures, label }: { figures: BudgetFiguresDto; label: string }) {
  const { t, i18n } = useTranslation('budgets');
  const language = i18n.language;
  const money = (amount: string) => formatMoneyText(amount, 'PLN', language);
  const spentWidth = share(figures.spent, figures.amount);
  const committedWidth = Math.min(100 - spentWidth, share(figures.committed, figures.amount));
  const color = BUDGET_STATE_COLOR[figures.state];
  const values = {
    name: label,
    spent: money(figures.spent),
    committed: money(figures.committed),
    left: money(figures.left),
    amount: money(figures.amount),
    percent: figures.used_percent === null ? '—' : formatDecimal(figures.used_percent, language),
    state: t(`state.${figures.state}`),
  };
  return (
    <Box sx={{ minWidth: 200 }}>
      <Box role="img" aria-label={t('bar.label', values)} sx={{ display: 'flex', height: 12, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', border: 1, borderColor: `${color}.main` }}>
        <Box sx={{ width: `${spentWidth}%`, bgcolor: `${color}.main` }} />
        <Box sx={{ width: `${committedWidth}%`, bgcolor: `${color}.light`, opacity: 0.7 }} />
      </Box>
      <Typography variant="caption" component="p" color={figures.state === 'ok' ? 'text.secondary' : `${color}.dark`}>
        {t('bar.text', values)}
      </Typography>
      {figures.unconverted_currencies.length > 0 && (
        <Typography variant="caption" component="p" color="warning.dark">
          {t('bar.unconverted', { currencies: figures.unconverted_currencies.join(', ') })}
        </Typography>
      )}
    </Box>
  );
}
