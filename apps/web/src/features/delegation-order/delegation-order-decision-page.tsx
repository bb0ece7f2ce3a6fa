import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DocumentAction } from '@delego/domain';
import { PageSpinner } from '../../components/feedback/page-spinner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { DocumentActions } from './document-actions.tsx';
import { DelegationOrderView } from './delegation-order-view.tsx';
import { OrderNotFound, OrderPdfButton, useOrderFromAddress } from './delegation-order-readonly-page.tsx';

const DECISIONS: DocumentAction[] = ['accept', 'returnForCorrection', 'reject', 'stepBack', 'cancel'];

/** `/delegation-order/decision/{id}`: the order read-only with the decisions the server allows, each confirmed, with a comment. */
export function DelegationOrderDecisionPage() {
  const { t } = useTranslation('delegation-order');
  const navigate = useNavigate();
  const { query, notFound } = useOrderFromAddress();
  if (notFound) return <OrderNotFound />;
  if (!query.data) return query.isError ? <Alert severity="error">{t('view.loadError')}</Alert> : <PageSpinner />;
  const order = query.data.delegationOrder;
  const decisions = DECISIONS.filter((action) => order.allowedActions.includes(action));
  return (
    <>
      <PageHeader
        title={t('decision.title')}
        description={t('decision.description', { name: order.employee.fullName })}
        actions={
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to="/delegation-order">
              {t('list.backToList')}
            </Button>
            <OrderPdfButton orderId={order.id} />
          </Stack>
        }
      />
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          {decisions.length === 0 ? (
            <Typography>{t('decision.nothingToDecide')}</Typography>
          ) : (
            <DocumentActions orderId={order.id} version={order.version} allowed={order.allowedActions} only={decisions} onDone={() => navigate('/delegation-order')} />
          )}
        </Paper>
        <DelegationOrderView order={order} />
      </Stack>
    </>
  );
}
