import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OrderItemDto, TravelServiceOrderDto } from '@delego/contract';
import type { ItemStatus, TravelOrderStatus } from '@delego/domain';
import { formatDateTime } from '@delego/domain';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { firstIssueText } from '../../../components/form/issue-texts.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { useServiceOrder } from './api/offers.ts';

const NS = 'travelServiceOffers';

/** The translated reason the server gave for refusing a step: its issue, else its message. */
export function refusalText(error: unknown): string {
  const issue = firstIssueText(error);
  if (issue) return issue;
  return error instanceof ApiError && error.messages[0] ? translateServerMessage(error.messages[0]) : translateServerMessage('');
}

export function OrderStatusChip({ status }: { status: TravelOrderStatus }) {
  const { t } = useTranslation(NS);
  return <Chip size="small" color="primary" variant="outlined" label={t(`travelService:orderStatus.${status}`)} />;
}

export function ItemStatusChip({ status }: { status: ItemStatus }) {
  const { t } = useTranslation(NS);
  return <Chip size="small" label={t(`travelService:itemStatus.${status}`)} />;
}

/** "2. Lot" with the item's status: the heading of one service on the order's pages. */
export function ItemHeading({ item, actions }: { item: Pick<OrderItemDto, 'sequence' | 'type' | 'status'>; actions?: ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
      <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
        {t('item.heading', { sequence: item.sequence, type: t(`travelService:type.${item.type}`) })}
      </Typography>
      <ItemStatusChip status={item.status} />
      {actions}
    </Box>
  );
}

/**
 * A client page of one order: loads it, shows the not-found or load error, and otherwise the
 * header (number, traveller, status, trip order) and the page's own content.
 */
export function OrderPage({ id, titleKey, descriptionKey, children }: { id: number; titleKey: string; descriptionKey: string; children: (order: TravelServiceOrderDto) => ReactNode }) {
  const { t, i18n } = useTranslation(NS);
  const loaded = useServiceOrder(id);
  if (loaded.isPending) return <PageSpinner />;
  const order = loaded.data?.travelServiceOrder;
  if (!order) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{t(notFound ? 'page.notFound' : 'page.loadError')}</Alert>
        <Box>
          <Button component={RouterLink} to="/travel-service">
            {t('page.backToList')}
          </Button>
        </Box>
      </Stack>
    );
  }
  return (
    <>
      <PageHeader
        title={t(titleKey, { number: order.number })}
        description={t(descriptionKey)}
        actions={
          <Button component={RouterLink} to="/travel-service">
            {t('page.backToList')}
          </Button>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <OrderStatusChip status={order.status} />
        <Typography variant="body2">{t('page.traveller', { name: order.user.fullName })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('page.orderedBy', { name: order.created_by.fullName, date: formatDateTime(order.created_at, i18n.language) })}
        </Typography>
        {order.delegation_order_number && <Typography variant="body2">{t('page.tripOrder', { number: order.delegation_order_number })}</Typography>}
      </Box>
      {children(order)}
    </>
  );
}
