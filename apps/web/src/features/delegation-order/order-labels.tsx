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

/** The order's status as a coloured label. */
export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('delegation-order');
  return <Chip size="small" color={COLOR[status]} label={t(`status.${status}`)} />;
}
