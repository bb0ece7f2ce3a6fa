import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { DocumentAction } from '@delego/domain';
import { enqueueSnackbar } from '../../../lib/notifications.tsx';
import { DecisionDialog, isDestructiveAction } from '../../../components/feedback/decision-dialog.tsx';
import { useSettlementAction } from '../api/settlements.ts';

type WorkflowAction = Exclude<DocumentAction, 'edit'>;

/** The order of the buttons: decisions first, then the owner's actions. */
export const ACTION_ORDER: readonly WorkflowAction[] = ['accept', 'settle', 'returnForCorrection', 'reject', 'submit', 'withdraw', 'stepBack', 'cancel', 'delete'];

interface ConfirmActionProps {
  settlement: { id: number; version: number } | null;
  action: WorkflowAction | null;
  onClose: () => void;
  onDone?: (action: WorkflowAction) => void;
}

/** Spec §4: every action is confirmed; decisions with a comment, a return or rejection with its reason. */
export function ConfirmActionDialog({ settlement, action, onClose, onDone }: ConfirmActionProps) {
  const { t } = useTranslation('settlements');
  const run = useSettlementAction();
  const confirm = (comment: string) => {
    if (!settlement || !action) return;
    // The promise, not mutate's callbacks: a decision can leave the settlement without actions, which
    // unmounts these buttons, and react-query drops the callbacks of an unmounted observer. A failure
    // is reported by the API client, like every failed call.
    run
      .mutateAsync({ id: settlement.id, action, version: settlement.version, ...(comment ? { comment } : {}) })
      .then(
        () => {
          enqueueSnackbar(t(`done.${action}`), { variant: 'success' });
          onDone?.(action);
        },
        () => undefined,
      )
      .finally(onClose);
  };
  return (
    <DecisionDialog
      action={settlement ? action : null}
      title={action ? t(`confirm.${action}.title`) : ''}
      message={action ? t(`confirm.${action}.message`) : ''}
      confirmLabel={action ? t(`actions.${action}`) : ''}
      isPending={run.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

interface DocumentActionsProps {
  settlement: { id: number; version: number; allowedActions: readonly DocumentAction[] };
  /** Only these actions (the decision screen shows the decisions). */
  only?: readonly WorkflowAction[];
  onDone?: (action: WorkflowAction) => void;
}

/** One button per action the server allows on the settlement (the server sends them with it). */
export function DocumentActions({ settlement, only, onDone }: DocumentActionsProps) {
  const { t } = useTranslation('settlements');
  const [pending, setPending] = useState<WorkflowAction | null>(null);
  const actions = ACTION_ORDER.filter((action) => settlement.allowedActions.includes(action) && (!only || only.includes(action)));
  if (actions.length === 0) return null;
  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === 'accept' || action === 'settle' || action === 'submit' ? 'contained' : 'outlined'}
            color={isDestructiveAction(action) ? 'error' : action === 'accept' || action === 'settle' ? 'success' : 'primary'}
            onClick={() => setPending(action)}
          >
            {t(`actions.${action}`)}
          </Button>
        ))}
      </Stack>
      <ConfirmActionDialog settlement={settlement} action={pending} onClose={() => setPending(null)} onDone={onDone} />
    </>
  );
}
