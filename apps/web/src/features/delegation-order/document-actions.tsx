import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { DocumentAction } from '@delego/domain';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { DecisionDialog, isDestructiveAction } from '../../components/feedback/decision-dialog.tsx';
import { useOrderAction } from './api/use-delegation-orders.ts';

/** Actions taken on this screen; editing is a link to the form. */
const BUTTON_ORDER: DocumentAction[] = ['accept', 'returnForCorrection', 'reject', 'submit', 'withdraw', 'stepBack', 'cancel', 'delete'];

interface DocumentActionsProps {
  orderId: number;
  version: number;
  allowed: readonly DocumentAction[];
  /** Only these actions (e.g. the decision screen's decisions). */
  only?: readonly DocumentAction[];
  onDone?: (action: DocumentAction) => void;
}

/** One button per action the server allows, each confirmed in a dialog (spec §4), decisions with a comment, a return or rejection with its reason. */
export function DocumentActions({ orderId, version, allowed, only, onDone }: DocumentActionsProps) {
  const { t } = useTranslation('delegation-order');
  const run = useOrderAction();
  const [pending, setPending] = useState<DocumentAction | null>(null);
  const actions = BUTTON_ORDER.filter((action) => allowed.includes(action) && (!only || only.includes(action)));
  if (actions.length === 0) return null;

  const close = () => setPending(null);
  const confirm = (comment: string) => {
    if (!pending) return;
    const action = pending;
    // The promise, not mutate's callbacks: a decision can leave the order without actions, which
    // unmounts these buttons, and react-query drops the callbacks of an unmounted observer. A failure
    // is reported by the API client, like every failed call.
    run
      .mutateAsync({ id: orderId, action, version, ...(comment ? { comment } : {}) })
      .then(
        () => {
          enqueueSnackbar(t(`done.${action}`), { variant: 'success' });
          onDone?.(action);
        },
        () => undefined,
      )
      .finally(close);
  };

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === 'accept' || action === 'submit' ? 'contained' : 'outlined'}
            color={isDestructiveAction(action) ? 'error' : action === 'accept' ? 'success' : 'primary'}
            onClick={() => setPending(action)}
          >
            {t(`actions.${action}`)}
          </Button>
        ))}
      </Stack>
      <DecisionDialog
        action={pending}
        title={pending ? t(`confirm.${pending}.title`) : ''}
        message={pending ? t(`confirm.${pending}.message`) : ''}
        confirmLabel={pending ? t(`actions.${pending}`) : ''}
        isPending={run.isPending}
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}
