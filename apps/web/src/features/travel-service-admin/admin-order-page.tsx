import { useId, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OrderItemDto } from '@delego/contract';
import { formatDateTime } from '@delego/domain';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { OrderMessages } from '../../components/messages/order-messages.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { ItemHeading, OrderStatusChip, refusalText } from '../travel-service/offers/order-page-parts.tsx';
import { OrderItemSummary } from '../travel-service/shared/order-item-summary.tsx';
import { useAdminMarkMessagesRead, useAdminTravelOrder, useConsultantItemAction } from './api/travel-service-admin.ts';

const NS = 'travelServiceAdmin';

type ConsultantAction = 'askClient' | 'book' | 'buy' | 'confirmCancellation';
const CONSULTANT_ACTIONS: readonly ConsultantAction[] = ['askClient', 'book', 'buy', 'confirmCancellation'];

/** `/admin/travel-service/edit/{id}`: one order of any company as the consultant works on it, each service with the steps the server allows. */
export function AdminOrderPage() {
  const { t, i18n } = useTranslation(NS);
  const id = Number(useParams().id);
  const loaded = useAdminTravelOrder(id);
  const markRead = useAdminMarkMessagesRead();
  const [acting, setActing] = useState<{ item: OrderItemDto; action: ConsultantAction } | null>(null);
  if (loaded.isPending) return <PageSpinner />;
  const order = loaded.data?.travelServiceOrder;
  if (!order) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{t(notFound ? 'order.notFound' : 'order.loadError')}</Alert>
        <Box>
          <Button component={RouterLink} to="/admin/travel-service/all">
            {t('backToList')}
          </Button>
        </Box>
      </Stack>
    );
  }
  return (
    <>
      <PageHeader
        title={t('order.title', { number: order.number })}
        description={t('order.description', { company: order.company_name, traveller: order.user.fullName, date: formatDateTime(order.created_at, i18n.language) })}
        actions={
          <Button component={RouterLink} to="/admin/travel-service/all">
            {t('backToList')}
          </Button>
        }
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <OrderStatusChip status={order.status} />
        {order.delegation_order_number && <Typography variant="body2">{t('order.tripOrder', { number: order.delegation_order_number })}</Typography>}
        {order.comment && <Typography variant="body2">{t('order.comment', { comment: order.comment })}</Typography>}
      </Box>
      <Stack spacing={2}>
        {order.travelServiceOrderItems.map((item) => (
          <Paper key={item.id} variant="outlined" sx={{ p: 2 }}>
            <ItemHeading item={item} />
            <OrderItemSummary item={item} relatedSequence={item.related_sequence} />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('order.responses', { count: item.responses.length })}
              {item.booking ? ` · ${t('order.reference', { reference: item.booking.reference })}` : ''}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
              {item.allowedActions.includes('answer') && (
                <Button variant="contained" component={RouterLink} to={`/admin/travel-service/item/${item.id}`}>
                  {t('order.answer', { sequence: item.sequence })}
                </Button>
              )}
              {item.allowedActions.includes('changeOffer') && (
                <Button component={RouterLink} to={`/admin/travel-service/item/edit/${item.id}`}>
                  {t('order.changeOffer', { sequence: item.sequence })}
                </Button>
              )}
              {item.allowedActions.includes('addBooking') && (
                <Button component={RouterLink} to={`/admin/travel-service/add-booking/${item.id}`}>
                  {t('order.addBooking', { sequence: item.sequence })}
                </Button>
              )}
              <Button component={RouterLink} to={`/admin/travel-service/item/readonly/${item.id}`}>
                {t('order.view', { sequence: item.sequence })}
              </Button>
              {CONSULTANT_ACTIONS.filter((action) => item.allowedActions.includes(action)).map((action) => (
                <Button key={action} variant="outlined" onClick={() => setActing({ item, action })}>
                  {t(`action.${action}.button`, { sequence: item.sequence })}
                </Button>
              ))}
            </Box>
          </Paper>
        ))}
        <OrderMessages
          messages={order.history.filter((event) => event.is_message)}
          autoRead={order.message_auto_read}
          onMarkRead={(ids) => markRead.mutate({ order_id: order.id, event_ids: ids })}
        />
        {order.history.length > 0 && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
              {t('order.history')}
            </Typography>
            <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
              {order.history.map((event) => (
                <Typography key={event.id} component="li" variant="body2">
                  {formatDateTime(event.created_at, i18n.language)} · {event.user_name}
                  {event.to_status && ` · ${t(event.item_id === null ? `travelService:orderStatus.${event.to_status}` : `travelService:itemStatus.${event.to_status}`)}`}
                  {event.comment && ` · ${event.comment}`}
                </Typography>
              ))}
            </Stack>
          </Paper>
        )}
      </Stack>
      <ActionDialog acting={acting} onClose={() => setActing(null)} />
    </>
  );
}

/** A consultant's step on one item, confirmed with its comment (and the booking reference when booking). */
function ActionDialog({ acting, onClose }: { acting: { item: OrderItemDto; action: ConsultantAction } | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const act = useConsultantItemAction();
  const [reference, setReference] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ reference?: string; comment?: string; refusal?: string }>({});
  const [shownFor, setShownFor] = useState(acting);
  if (shownFor !== acting) {
    setShownFor(acting);
    setReference('');
    setComment('');
    setErrors({});
  }
  if (!acting) return null;
  const { item, action } = acting;
  const confirm = () => {
    const next: typeof errors = {};
    if (action === 'book' && reference.trim() === '') next.reference = translateIssueCode('global.error.required');
    if (action === 'askClient' && comment.trim() === '') next.comment = translateIssueCode('global.error.required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    act.mutate(
      { item_id: item.id, action, ...(action === 'book' ? { reference: reference.trim() } : {}), ...(comment.trim() ? { comment: comment.trim() } : {}) },
      {
        onSuccess: () => {
          enqueueSnackbar(t(`action.${action}.done`), { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          const atReference = error instanceof ApiError && error.issues.find((issue) => issue.path[0] === 'reference');
          if (atReference) setErrors({ reference: translateIssueCode(atReference.code, atReference.params) });
          else setErrors({ refusal: refusalText(error) });
        },
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t(`action.${action}.title`, { sequence: item.sequence, type: t(`travelService:type.${item.type}`) })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {errors.refusal && <Alert severity="error">{errors.refusal}</Alert>}
          <Typography variant="body2">{t(`action.${action}.message`)}</Typography>
          {action === 'book' && (
            <TextField label={t('action.book.reference')} value={reference} onChange={(event) => setReference(event.target.value)} required error={Boolean(errors.reference)} helperText={errors.reference} slotProps={{ htmlInput: { maxLength: 100 } }} />
          )}
          <TextField
            label={t(action === 'askClient' ? 'action.askClient.question' : 'action.comment')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            required={action === 'askClient'}
            error={Boolean(errors.comment)}
            helperText={errors.comment}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('item.cancel')}</Button>
        <Button variant="contained" loading={act.isPending} onClick={confirm}>
          {t(`action.${action}.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
