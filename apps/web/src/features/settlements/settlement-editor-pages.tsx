import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { settlementFormFromOrder } from '@delego/domain';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { ReturnReasonAlert } from '../../components/feedback/return-reason-alert.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/session.tsx';
import { useOrderImport, useSettlement } from './api/settlements.ts';
import { LIST_PATH, SettlementEditor } from './components/settlement-editor.tsx';
import { issueText } from './model/messages.ts';
import { fromDelegationForm } from './model/saved-form.ts';

/** A refusal or failure in place of the form, with the way back. */
function Unavailable({ text, readonlyId }: { text: string; readonlyId?: number }) {
  const { t } = useTranslation('settlements');
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{text}</Alert>
      <Stack direction="row" spacing={1}>
        {readonlyId !== undefined && (
          <Button variant="contained" component={RouterLink} to={`${LIST_PATH}/readonly/${readonlyId}`}>
            {t('editor.openReadonly')}
          </Button>
        )}
        <Button component={RouterLink} to={LIST_PATH}>
          {t('editor.backToList')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** `/delegation/new-from-order/{orderId}`: a new settlement with everything its accepted order knows. */
export function SettlementFromOrderPage() {
  const { t, i18n } = useTranslation('settlements');
  const { t: tr } = useTranslation('routes');
  const user = useCurrentUser();
  const orderId = Number(useParams().orderId);
  const imported = useOrderImport(orderId);
  const order = imported.data?.delegationOrder;
  const initialValues = useMemo(
    () => (order ? fromDelegationForm(settlementFormFromOrder(order), { employee_name: order.employee_name, allowed_transport: order.allowed_transport }) : null),
    [order],
  );
  if (imported.isPending) return <PageSpinner />;
  if (imported.isError || !order || !initialValues) {
    const issue = imported.error instanceof ApiError ? imported.error.issues[0] : undefined;
    return <Unavailable text={issue ? issueText(i18n, issue) : t('editor.orderNotAvailable')} />;
  }
  return (
    <SettlementEditor
      title={tr('delegation.newFromOrder')}
      description={t('editor.fromOrderDescription', { number: order.number ?? '' })}
      user={user}
      draftKey={`order-${order.id}`}
      initialValues={initialValues}
      calculateAtStart
    />
  );
}

/** `/delegation/edit/{id}`: a saved settlement the user may still edit (created or returned for correction). */
export function SettlementEditPage() {
  const { t } = useTranslation('settlements');
  const { t: tr } = useTranslation('routes');
  const user = useCurrentUser();
  const id = Number(useParams().id);
  const loaded = useSettlement(id);
  const document = loaded.data?.delegation;
  const initialValues = useMemo(
    () =>
      document && loaded.data
        ? fromDelegationForm(document.form, { id: document.id, user_id: document.user_id, employee_name: document.employee_name, allowed_transport: loaded.data.selected_transport_types })
        : null,
    [document, loaded.data],
  );
  if (loaded.isPending) return <PageSpinner />;
  if (loaded.isError || !document || !initialValues) {
    const notFound = loaded.error instanceof ApiError && loaded.error.status === 404;
    return <Unavailable text={t(notFound ? 'editor.notFound' : 'editor.loadError')} />;
  }
  if (!document.allowedActions.includes('edit')) return <Unavailable text={t('editor.notEditable')} readonlyId={document.id} />;
  return (
    <SettlementEditor
      title={tr('delegation.edit')}
      description={t('editor.editDescription', { number: document.number ?? t('list.noNumber'), name: document.employee_name })}
      user={user}
      draftKey={String(document.id)}
      initialValues={initialValues}
      calculateAtStart
      version={document.version}
      savedAttachments={document.attachments}
      notice={<ReturnReasonAlert status={document.status} decisions={document.decisions} />}
    />
  );
}
