import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useTranslation } from 'react-i18next';
import { DECISION_ACTIONS } from '@delego/domain';
import { delegationFilesApi } from '@delego/contract';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { useFileDownload } from '../../components/feedback/use-file-download.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { TripOrderTravelServices } from '../travel-service/trip-order-travel-services.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useDelegationOrder } from './api/use-delegation-orders.ts';
import { DocumentActions } from './document-actions.tsx';
import { DelegationOrderView } from './delegation-order-view.tsx';

/** Loads the order of the address; a missing or foreign one shows "not found". */
export function useOrderFromAddress() {
  const { id } = useParams();
  const orderId = Number(id);
  const query = useDelegationOrder(orderId);
  const notFound = !Number.isInteger(orderId) || orderId <= 0 || (query.error instanceof ApiError && query.error.status === 404);
  return { orderId, query, notFound };
}

export function OrderNotFound() {
  const { t } = useTranslation('delegation-order');
  return (
    <Alert severity="warning" action={<Button component={RouterLink} to="/delegation-order">{t('list.backToList')}</Button>}>
      {t('view.notFound')}
    </Alert>
  );
}

/** Downloads the order's PDF (spec §2 "Documents"), saying why when it fails. */
export function OrderPdfButton({ orderId }: { orderId: number }) {
  const { t } = useTranslation('delegation-order');
  const files = useFileDownload();
  return (
    <>
      <Button startIcon={<PictureAsPdfIcon />} loading={files.isDownloading} onClick={() => void files.download(delegationFilesApi.orderPdf.path, { id: orderId })}>
        {t('actions.pdf')}
      </Button>
      {files.dialog}
    </>
  );
}

/** `/delegation-order/readonly/{id}`: the order, its history, and the actions the server allows. */
export function DelegationOrderReadonlyPage() {
  const { t } = useTranslation('delegation-order');
  const navigate = useNavigate();
  const { query, notFound } = useOrderFromAddress();
  if (notFound) return <OrderNotFound />;
  if (!query.data) return query.isError ? <Alert severity="error">{t('view.loadError')}</Alert> : <PageSpinner />;
  const order = query.data.delegationOrder;
  return (
    <>
      <PageHeader
        title={t('view.title')}
        actions={
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to="/delegation-order">
              {t('list.backToList')}
            </Button>
            <OrderPdfButton orderId={order.id} />
            {order.allowedActions.includes('edit') && (
              <Button variant="outlined" component={RouterLink} to={`/delegation-order/edit/${order.id}`}>
                {t('actions.edit')}
              </Button>
            )}
            {order.allowedActions.includes('accept') && (
              <Button variant="outlined" component={RouterLink} to={`/delegation-order/decision/${order.id}`}>
                {t('actions.decide')}
              </Button>
            )}
          </Stack>
        }
      />
      <Stack spacing={2}>
        <DocumentActions
          orderId={order.id}
          version={order.version}
          allowed={order.allowedActions}
          onDone={(action) => {
            // A decision is done with the document: the decider goes on with the list.
            if (action === 'delete' || DECISION_ACTIONS.includes(action)) void navigate('/delegation-order');
          }}
        />
        <DelegationOrderView order={order} />
        <TripOrderTravelServices order={{ id: order.id, user_id: order.user_id }} />
      </Stack>
    </>
  );
}
