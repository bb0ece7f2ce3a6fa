import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@delego/domain';

const COLOR: Record<OrderStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  created: 'default',
  submitted: 'info',
  accepted: 'success',
  rejected: 'error',
  rejectedForCorrect: 'warning',
  cancelled: 'default',
  deleted: 'default',
};

/** The order's status as a coloured label; a sent order above its budget says it waits for the budget acceptance. */
export function OrderStatusChip({ status, waitingForBudget = false }: { status: OrderStatus; waitingForBudget?: boolean }) {
  const { t } = useTranslation('delegation-order');
  if (waitingForBudget) return <Chip size="small" color="warning" label={t('status.waitingForBudget')} />;
  return <Chip size="small" color={COLOR[status]} label={t(`status.${status}`)} />;
}
