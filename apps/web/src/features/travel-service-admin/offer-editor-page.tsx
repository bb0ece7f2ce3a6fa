import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useFieldArray } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { ResponseOf, adminTravelServiceApi } from '@delego/contract';
import { RESPONSE_PERMISSION_BY_TYPE } from '@delego/domain';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { FormTextField } from '../../components/form/form-text-field.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/session.tsx';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { userHasPermission } from '../../lib/user-context.ts';
import { OfferView } from '../travel-service/offers/offer-view.tsx';
import { ItemHeading, refusalText } from '../travel-service/offers/order-page-parts.tsx';
import { OrderItemSummary } from '../travel-service/shared/order-item-summary.tsx';
import { useAdminTravelItem, useSaveOffers, useToggleItemNotification } from './api/travel-service-admin.ts';
import { emptyResponse, ResponseEditor, responseOf, toOfferInput, useOfferForm, type OfferFormValues } from './offer-editor-form.tsx';

const NS = 'travelServiceAdmin';

type ItemView = ResponseOf<typeof adminTravelServiceApi.getServiceOrderItem>;

/**
 * The consultant's screens of one item: `/admin/travel-service/item/{id}` answers it with
 * offers, `/item/edit/{id}` changes the offer the client chose (following the company's
 * offer-change rule), `/item/readonly/{id}` shows the offers. A screen the server would refuse
 * shows the offers read-only instead.
 */
export function OfferEditorPage({ mode }: { mode: 'answer' | 'change' | 'readonly' }) {
  const { t } = useTranslation(NS);
  const id = Number(useParams().id);
  const loaded = useAdminTravelItem(id);
  if (loaded.isPending) return <PageSpinner />;
  if (!loaded.data) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{t(notFound ? 'item.notFound' : 'item.loadError')}</Alert>
        <Box>
          <Button component={RouterLink} to="/admin/travel-service/all">
            {t('backToList')}
          </Button>
        </Box>
      </Stack>
    );
  }
  const view = loaded.data;
  const canChange = view.orderItem.allowedActions.includes('changeOffer') && view.selected_offer !== null;
  const shown = mode === 'answer' && view.editable ? 'answer' : mode === 'change' && canChange ? 'change' : 'readonly';
  return (
    <>
      <PageHeader
        title={t(`item.title.${shown}`, { sequence: view.orderItem.sequence, type: t(`travelService:type.${view.orderItem.type}`), number: view.order.number })}
        description={t('item.description', { company: view.order.company_name, traveller: view.order.user.fullName })}
        actions={
          <Button component={RouterLink} to={`/admin/travel-service/edit/${view.order.id}`}>
            {t('item.backToOrder')}
          </Button>
        }
      />
      <Stack spacing={2}>
        <ReminderToggle view={view} />
        {shown === 'readonly' ? <ReadonlyOffers view={view} requested={mode} canChange={canChange} /> : <OfferEditor key={`${shown}-${view.orderItem.status}`} view={view} mode={shown} />}
      </Stack>
    </>
  );
}

/** Spec §4: the consultant's reminder for the item; switching it saves and goes back to the order. */
function ReminderToggle({ view }: { view: ItemView }) {
  const { t } = useTranslation(NS);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const toggle = useToggleItemNotification();
  const [refusal, setRefusal] = useState<string | null>(null);
  // The server refuses the reminder of a type the consultant does not answer.
  if (!userHasPermission(user, RESPONSE_PERMISSION_BY_TYPE[view.orderItem.type])) return null;
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={view.orderItem.notify}
            disabled={toggle.isPending}
            onChange={() =>
              toggle.mutate(view.orderItem.id, {
                onSuccess: () => void navigate(`/admin/travel-service/edit/${view.order.id}`),
                onError: (error) => setRefusal(refusalText(error)),
              })
            }
          />
        }
        label={t('item.reminder')}
      />
      {refusal && <Alert severity="error">{refusal}</Alert>}
    </Box>
  );
}

function ReadonlyOffers({ view, requested, canChange }: { view: ItemView; requested: 'answer' | 'change' | 'readonly'; canChange: boolean }) {
  const { t } = useTranslation(NS);
  const user = useCurrentUser();
  const answersType = userHasPermission(user, RESPONSE_PERMISSION_BY_TYPE[view.orderItem.type]);
  // Why an editing address shows the offers read-only.
  const reason = requested === 'readonly' ? null : !answersType ? 'item.notYourType' : view.selected_offer ? 'item.offerChosen' : 'item.notAnswerable';
  return (
    <>
      {reason && <Alert severity="info">{t(reason)}</Alert>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ItemHeading item={view.orderItem} />
        <Box sx={{ mb: 2 }}>
          <OrderItemSummary item={view.orderItem} relatedSequence={view.orderItem.related_sequence} />
        </Box>
        {view.responses.length === 0 && <Alert severity="info">{t('item.noResponses')}</Alert>}
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 280px), 1fr))', gap: 2, alignItems: 'start' }}>
          {view.responses.map((offer, index) => (
            <Paper key={offer.id} variant="outlined" sx={{ p: 2, borderColor: offer.id === view.selected_offer?.id ? 'primary.main' : undefined, borderWidth: offer.id === view.selected_offer?.id ? 2 : 1 }}>
              <OfferView offer={offer} title={offer.id === view.selected_offer?.id ? t('item.chosenResponse', { number: index + 1 }) : t('item.response', { number: index + 1 })} />
            </Paper>
          ))}
        </Box>
      </Paper>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {view.editable && (
          <Button variant="contained" component={RouterLink} to={`/admin/travel-service/item/${view.orderItem.id}`}>
            {t('item.answer')}
          </Button>
        )}
        {canChange && (
          <Button variant="outlined" component={RouterLink} to={`/admin/travel-service/item/edit/${view.orderItem.id}`}>
            {t('item.changeChosen')}
          </Button>
        )}
      </Box>
    </>
  );
}

function OfferEditor({ view, mode }: { view: ItemView; mode: 'answer' | 'change' }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const save = useSaveOffers();
  const [refusal, setRefusal] = useState<string | null>(null);
  const initial: OfferFormValues = {
    responses: mode === 'change' ? [responseOf(view.selected_offer!)] : view.responses.length > 0 ? view.responses.map(responseOf) : [emptyResponse(view.orderItem.type)],
    comment: '',
  };
  const form = useOfferForm(initial);
  const responses = useFieldArray({ control: form.control, name: 'responses' });

  const onSubmit = form.handleSubmit((values) => {
    setRefusal(null);
    save.mutate(
      { item_id: view.orderItem.id, responses: values.responses.map(toOfferInput), ...(values.comment.trim() ? { comment: values.comment.trim() } : {}) },
      {
        onSuccess: (answer) => {
          if (answer.status === 'error') {
            answer.issues.forEach((issue, index) => form.setError(issue.path.join('.') as never, { type: 'server', message: translateIssueCode(issue.code, issue.params) }, { shouldFocus: index === 0 }));
            return;
          }
          enqueueSnackbar(t(mode === 'change' ? 'item.changed' : 'item.saved'), { variant: 'success' });
          void navigate(`/admin/travel-service/edit/${view.order.id}`);
        },
        onError: (error) => setRefusal(refusalText(error)),
      },
    );
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack spacing={2}>
        {refusal && (
          <Alert severity="error" onClose={() => setRefusal(null)}>
            {refusal}
          </Alert>
        )}
        {mode === 'change' && <Alert severity="info">{t('item.changeHint')}</Alert>}
        <Paper variant="outlined" sx={{ p: 2 }}>
          <ItemHeading item={view.orderItem} />
          <OrderItemSummary item={view.orderItem} relatedSequence={view.orderItem.related_sequence} />
        </Paper>
        {responses.fields.map((response, index) => (
          <ResponseEditor key={response.id} control={form.control} index={index} onRemove={mode === 'answer' && responses.fields.length > 1 ? () => responses.remove(index) : undefined} />
        ))}
        {mode === 'answer' && responses.fields.length < 10 && (
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => responses.append(emptyResponse(view.orderItem.type))}>
              {t('response.add')}
            </Button>
          </Box>
        )}
        <FormTextField control={form.control} name="comment" label={t('item.comment')} helperText={t('item.commentHint')} multiline maxLength={2000} />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t(mode === 'change' ? 'item.saveChange' : 'item.send')}
          </Button>
          <Button component={RouterLink} to={`/admin/travel-service/edit/${view.order.id}`}>
            {t('item.cancel')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** `/admin/travel-service/item/{id}`. */
export function AnswerItemPage() {
  return <OfferEditorPage mode="answer" />;
}

/** `/admin/travel-service/item/edit/{id}`. */
export function ChangeOfferPage() {
  return <OfferEditorPage mode="change" />;
}

/** `/admin/travel-service/item/readonly/{id}`. */
export function ReadonlyItemPage() {
  return <OfferEditorPage mode="readonly" />;
}
