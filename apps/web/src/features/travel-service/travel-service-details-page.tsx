import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TRAVEL_CLIENT_ITEM_ACTIONS, type OrderItemDto } from '@delego/contract';
import { formatDateTime, formatMoneyText } from '@delego/domain';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { DetailField } from '../../components/detail-field.tsx';
import { OrderMessages } from '../../components/messages/order-messages.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { firstIssueText } from '../../components/form/issue-texts.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import {
  useClientItemAction,
  useMarkMessagesRead,
  useTravelServiceBasicData,
  useTravelServiceOrder,
  type ClientItemAction,
} from './api/travel-service.ts';
import { rowLinks } from './row-links.ts';
import { OrderItemSummary } from './shared/order-item-summary.tsx';

/** The client's actions that go through a comment (a clarification says what was missing). */
const COMMENT_REQUIRED = new Set<ClientItemAction>(['provideInfo']);

/** `/travel-service/item-details/{id}`: an order's services with their statuses, offers and bookings, the actions the caller may take, and the history. */
export function TravelServiceDetailsPage() {
  const { t, i18n } = useTranslation('travelService');
  const { t: tr } = useTranslation('routes');
  const { t: tc } = useTranslation('common');
  const language = i18n.language;
  const id = Number(useParams().id);
  const loaded = useTravelServiceOrder(id);
  const basic = useTravelServiceBasicData();
  const act = useClientItemAction();
  const markRead = useMarkMessagesRead();
  const [asking, setAsking] = useState<{ item: OrderItemDto; action: ClientItemAction } | null>(null);
  const [comment, setComment] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  if (loaded.isPending) return <PageSpinner />;
  const order = loaded.data?.travelServiceOrder;
  if (!order) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <>
        <PageHeader title={tr('travelService.itemDetails')} />
        <Alert severity="error">{t(notFound ? 'form.notFound' : 'form.loadError')}</Alert>
      </>
    );
  }
  const centreName = (centreId: number | null) => {
    const centre = basic.data?.costCentres.find((entry) => entry.id === centreId);
    return centre ? `${centre.ordinate} – ${centre.name}` : null;
  };
  const bySequence = new Map(order.travelServiceOrderItems.map((item) => [item.guid, item.sequence]));
  const links = rowLinks(order).filter((link) => link.action !== 'details');
  const parameterName = (parameter: (typeof order.additional_parameters)[number]) =>
    language.startsWith('en') ? parameter.name_en : parameter.name_pl;
  const parameterValue = (parameter: (typeof order.additional_parameters)[number]) =>
    parameter.value === null
      ? t('summary.empty')
      : parameter.type === 'boolean'
        ? t(parameter.value === 'true' ? 'summary.yes' : 'summary.no')
        : parameter.value;

  const confirm = () => {
    if (!asking) return;
    const { item, action } = asking;
    act.mutate(
      { item_id: item.id, action, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      {
        onSuccess: () => {
          setAsking(null);
          enqueueSnackbar(t(`details.done.${action}`));
        },
        onError: (error) => {
          setAsking(null);
          setRefusal(firstIssueText(error) ?? t('form.unexpected'));
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title={`${tr('travelService.itemDetails')}: ${order.number}`}
        description={`${order.user.fullName} · ${t(`orderStatus.${order.status}`)}`}
        actions={
          <>
            <Button component={RouterLink} to="/travel-service">
              {tc('actions.back')}
            </Button>
            {links.map((link) => (
              <Button
                key={link.action}
                variant={link.action === 'edit' ? 'outlined' : 'contained'}
                component={RouterLink}
                to={link.to}
              >
                {t(`list.actions.${link.action}`)}
              </Button>
            ))}
          </>
        }
      />
      <Stack spacing={2} sx={{ maxWidth: 1100 }}>
        {refusal && (
          <Alert severity="error" onClose={() => setRefusal(null)}>
            {refusal}
          </Alert>
        )}
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
              gap: 1.5,
              m: 0,
            }}
          >
            <DetailField label={t('list.columns.status')}>{t(`orderStatus.${order.status}`)}</DetailField>
            <DetailField label={t('form.worker')}>{order.user.fullName}</DetailField>
            <DetailField
              label={t('details.createdBy')}
            >{`${order.created_by.fullName}, ${formatDateTime(order.created_at, language)}`}</DetailField>
            {order.delegation_order_id !== null && (
              <DetailField label={t('details.tripOrder')}>
                <RouterLink to={`/delegation-order/readonly/${order.delegation_order_id}`}>
                  {order.delegation_order_number ?? String(order.delegation_order_id)}
                </RouterLink>
              </DetailField>
            )}
            {order.comment.trim() !== '' && (
              <DetailField label={t('form.comment')}>{order.comment}</DetailField>
            )}
            {order.additional_parameters.map((parameter) => (
              <DetailField key={parameter.id} label={parameterName(parameter)}>
                {parameterValue(parameter)}
              </DetailField>
            ))}
          </Box>
        </Paper>
        {order.travelServiceOrderItems.map((item) => {
          const heading = t('summary.label', { sequence: item.sequence, type: t(`type.${item.type}`) });
          const chosen = item.responses.find((offer) => offer.id === item.selected_offer_id) ?? null;
          const actions = TRAVEL_CLIENT_ITEM_ACTIONS.filter((action) => item.allowedActions.includes(action));
          return (
            <Paper key={item.id} variant="outlined" sx={{ p: 2 }} component="article" aria-label={heading}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
                <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
                  {heading}
                </Typography>
                <Chip size="small" label={t(`itemStatus.${item.status}`)} />
              </Box>
              <OrderItemSummary
                item={item}
                costCentreName={centreName(item.cost_centre_id)}
                relatedSequence={
                  item.related_travel_service_order_item_guid
                    ? (bySequence.get(item.related_travel_service_order_item_guid) ?? item.related_sequence)
                    : null
                }
              />
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
                  gap: 1.5,
                  m: 0,
                  mt: 1.5,
                }}
              >
                <DetailField label={t('details.offers')}>{String(item.responses.length)}</DetailField>
                {chosen && (
                  <DetailField label={t('details.chosenOffer')}>
                    {formatMoneyText(chosen.price, chosen.currency, language)}
                  </DetailField>
                )}
                {item.booking && (
                  <DetailField label={t('details.reference')}>{item.booking.reference}</DetailField>
                )}
              </Box>
              {actions.length > 0 && (
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
                  {actions.map((action) => (
                    <Button
                      key={action}
                      size="small"
                      variant="outlined"
                      color={action === 'cancel' || action === 'requestCancellation' ? 'error' : 'primary'}
                      aria-label={`${t(`details.action.${action}`)}: ${heading}`}
                      onClick={() => {
                        setComment('');
                        setAsking({ item, action });
                      }}
                    >
                      {t(`details.action.${action}`)}
                    </Button>
                  ))}
                </Box>
              )}
            </Paper>
          );
        })}
        <OrderMessages
          messages={order.history.filter((event) => event.is_message)}
          autoRead={order.message_auto_read}
          onMarkRead={(ids) => markRead.mutate({ order_id: order.id, event_ids: ids })}
        />
        {order.history.length > 0 && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
              {t('details.history')}
            </Typography>
            <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
              {order.history.map((event) => (
                <Typography key={event.id} component="li" variant="body2">
                  {formatDateTime(event.created_at, language)} · {event.user_name}
                  {event.to_status &&
                    ` · ${t(`itemStatus.${event.to_status}`, { defaultValue: t(`orderStatus.${event.to_status}`, { defaultValue: event.to_status }) })}`}
                  {event.comment && ` · ${event.comment}`}
                </Typography>
              ))}
            </Stack>
          </Paper>
        )}
      </Stack>
      <Dialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        aria-labelledby="travel-item-action-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="travel-item-action-title">
          {asking ? t(`details.action.${asking.action}`) : ''}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {asking ? t(`details.confirm.${asking.action}`, { sequence: asking.item.sequence }) : ''}
          </DialogContentText>
          <TextField
            label={t('details.comment')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            required={asking !== null && COMMENT_REQUIRED.has(asking.action)}
            multiline
            minRows={2}
            fullWidth
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{tc('actions.cancel')}</Button>
          <Button
            variant="contained"
            onClick={confirm}
            disabled={
              act.isPending ||
              (asking !== null && COMMENT_REQUIRED.has(asking.action) && comment.trim() === '')
            }
          >
            {tc('actions.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
