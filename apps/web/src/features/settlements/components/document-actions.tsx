import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { DocumentAction } from '@delego/domain';
import { useSettlementAction } from '../api/settlements.ts';

type WorkflowAction = Exclude<DocumentAction, 'edit'>;

/** The order of the buttons: decisions first, then the owner's actions. */
export const ACTION_ORDER: readonly WorkflowAction[] = ['accept', 'settle', 'returnForCorrection', 'reject', 'submit', 'withdraw', 'stepBack', 'cancel', 'delete'];
/** Decisions carry a comment into the history; a refusal must say why. */
const WITH_COMMENT = new Set<WorkflowAction>(['accept', 'settle', 'reject', 'returnForCorrection', 'stepBack', 'cancel']);
const COMMENT_REQUIRED = new Set<WorkflowAction>(['reject', 'returnForCorrection']);
const DESTRUCTIVE = new Set<WorkflowAction>(['reject', 'cancel', 'delete']);

interface ConfirmActionProps {
  settlement: { id: number; version: number } | null;
  action: WorkflowAction | null;
  onClose: () => void;
  onDone?: (action: WorkflowAction) => void;
}

/** Spec §4: every action is confirmed; decisions with a comment. */
export function ConfirmActionDialog({ settlement, action, onClose, onDone }: ConfirmActionProps) {
  const { t } = useTranslation('settlements');
  const { t: tc } = useTranslation('common');
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const run = useSettlementAction();
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const needsComment = action !== null && COMMENT_REQUIRED.has(action);
  const commentMissing = needsComment && comment.trim() === '';

  const close = () => {
    setComment('');
    setTouched(false);
    onClose();
  };
  const confirm = () => {
    if (!settlement || !action) return;
    if (commentMissing) {
      setTouched(true);
      return;
    }
    run.mutate(
      { id: settlement.id, action, version: settlement.version, ...(WITH_COMMENT.has(action) && comment.trim() ? { comment: comment.trim() } : {}) },
      {
        onSuccess: () => {
          enqueueSnackbar(t(`done.${action}`), { variant: 'success' });
          onDone?.(action);
        },
        onSettled: close,
      },
    );
  };

  return (
    <Dialog open={action !== null && settlement !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{action ? t(`confirm.${action}.title`) : ''}</DialogTitle>
      <DialogContent>
        <DialogContentText>{action ? t(`confirm.${action}.message`) : ''}</DialogContentText>
        {action && WITH_COMMENT.has(action) && (
          <TextField
            label={t('confirm.comment')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            onBlur={() => setTouched(true)}
            required={needsComment}
            error={touched && commentMissing}
            helperText={touched && commentMissing ? t('confirm.commentRequired') : t('confirm.commentHint')}
            multiline
            minRows={2}
            fullWidth
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{tc('actions.cancel')}</Button>
        <Button variant="contained" color={action && DESTRUCTIVE.has(action) ? 'error' : 'primary'} loading={run.isPending} onClick={confirm}>
          {action ? t(`actions.${action}`) : ''}
        </Button>
      </DialogActions>
    </Dialog>
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
            color={DESTRUCTIVE.has(action) ? 'error' : action === 'accept' || action === 'settle' ? 'success' : 'primary'}
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
