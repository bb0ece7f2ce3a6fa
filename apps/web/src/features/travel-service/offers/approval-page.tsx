import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { TravelServiceOrderDto } from '@delego/contract';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { DecisionDialog } from '../../../components/feedback/decision-dialog.tsx';
import { OrderItemSummary } from '../shared/order-item-summary.tsx';
import { useTravelApproval } from './api/offers.ts';
import { OfferView } from './offer-view.tsx';
import { ItemHeading, OrderPage, refusalText } from './order-page-parts.tsx';

const NS = 'travelServiceOffers';

/** `/travel-service/approval/{id}`: a travel-service acceptor approves or rejects the offers chosen in the order. */
export function ApprovalPage() {
  const id = Number(useParams().id);
  return (
    <OrderPage id={id} titleKey="approval.title" descriptionKey="approval.description">
      {(order) => <ApprovalView order={order} />}
    </OrderPage>
  );
}

function ApprovalView({ order }: { order: TravelServiceOrderDto }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const approval = useTravelApproval();
  const [decision, setDecision] = useState<'accept' | 'reject' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const waiting = order.travelServiceOrderItems.filter((item) => item.status === 'offerSelected');
  const canAccept = order.allowedActions.includes('accept');
  const canReject = order.allowedActions.includes('reject');

  const decide = (comment: string) => {
    if (!decision) return;
    approval.mutate(
      { id: order.id, decision, ...(comment ? { comment } : {}) },
      {
        onSuccess: () => {
          enqueueSnackbar(t(decision === 'accept' ? 'approval.accepted' : 'approval.rejected'), { variant: 'success' });
          setDecision(null);
          void navigate('/travel-service');
        },
        onError: (error) => {
          setDecision(null);
          setRefusal(refusalText(error));
        },
      },
    );
  };

  return (
    <Stack spacing={2}>
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      {!canAccept && !canReject && <Alert severity="info">{t('approval.nothing')}</Alert>}
      {waiting.map((item) => {
        const offer = item.responses.find((response) => response.id === item.selected_offer_id);
        return (
          <Paper key={item.id} variant="outlined" sx={{ p: 2 }}>
            <ItemHeading item={item} />
            <Box sx={{ mb: 2 }}>
              <OrderItemSummary item={item} relatedSequence={item.related_sequence} />
            </Box>
            {offer && <OfferView offer={offer} title={t('approval.chosenOffer')} />}
          </Paper>
        );
      })}
      {(canAccept || canReject) && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {canAccept && (
            <Button variant="contained" onClick={() => setDecision('accept')}>
              {t('approval.accept')}
            </Button>
          )}
          {canReject && (
            <Button color="error" variant="outlined" onClick={() => setDecision('reject')}>
              {t('approval.reject')}
            </Button>
          )}
        </Box>
      )}
      <DecisionDialog
        action={decision}
        title={t(decision === 'reject' ? 'approval.rejectTitle' : 'approval.acceptTitle')}
        message={t(decision === 'reject' ? 'approval.rejectMessage' : 'approval.acceptMessage')}
        confirmLabel={t(decision === 'reject' ? 'approval.reject' : 'approval.accept')}
        isPending={approval.isPending}
        onConfirm={decide}
        onClose={() => setDecision(null)}
      />
    </Stack>
  );
}
