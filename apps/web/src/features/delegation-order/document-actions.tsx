import { useState } from 'react';
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
import { useOrderAction } from './api/use-delegation-orders.ts';

/** Actions taken on this screen; editing is a link to the form. */
const BUTTON_ORDER: DocumentAction[] = ['accept', 'returnForCorrection', 'reject', 'submit', 'withdraw', 'stepBack', 'cancel', 'delete'];
/** Decisions carry the acceptor's comment into the history. */
const WITH_COMMENT = new Set<DocumentAction>(['accept', 'reject', 'returnForCorrection', 'stepBack', 'cancel']);
const DESTRUCTIVE = new Set<DocumentAction>(['reject', 'cancel', 'delete']);

interface DocumentActionsProps {
  orderId: number;
  version: number;
  allowed: readonly DocumentAction[];
  /** Only these actions (e.g. the decision screen's decisions). */
  only?: readonly DocumentAction[];
  onDone?: (action: DocumentAction) => void;
}

/** One button per action the server allows, each confirmed in a dialog (spec §4), decisions with a comment. */
export function DocumentActions({ orderId, version, allowed, only, onDone }: DocumentActionsProps) {
  const { t } = useTranslation('delegation-order');
  const { t: tc } = useTranslation('common');
  const { enqueueSnackbar } = useSnackbar();
  const run = useOrderAction();
  const [pending, setPending] = useState<DocumentAction | null>(null);
  const [comment, setComment] = useState('');
  const actions = BUTTON_ORDER.filter((action) => allowed.includes(action) && (!only || only.includes(action)));
  if (actions.length === 0) return null;

  const close = () => {
    setPending(null);
    setComment('');
  };
  const confirm = () => {
    if (!pending) return;
    const action = pending;
    run.mutate(
      { id: orderId, action, version, ...(WITH_COMMENT.has(action) && comment.trim() ? { comment: comment.trim() } : {}) },
      {
        onSuccess: () => {
          enqueueSnackbar(t(`done.${action}`));
          onDone?.(action);
        },
        onSettled: close,
      },
    );
  };

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === 'accept' || action === 'submit' ? 'contained' : 'outlined'}
            color={DESTRUCTIVE.has(action) ? 'error' : action === 'accept' ? 'success' : 'primary'}
            onClick={() => setPending(action)}
          >
            {t(`actions.${action}`)}
          </Button>
        ))}
      </Stack>
      <Dialog open={pending !== null} onClose={close} aria-labelledby="document-action-title" fullWidth maxWidth="sm">
        <DialogTitle id="document-action-title">{pending ? t(`confirm.${pending}.title`) : ''}</DialogTitle>
        <DialogContent>
          <DialogContentText>{pending ? t(`confirm.${pending}.message`) : ''}</DialogContentText>
          {pending && WITH_COMMENT.has(pending) && (
            <TextField
              label={t('decision.comment')}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
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
          <Button variant="contained" color={pending && DESTRUCTIVE.has(pending) ? 'error' : 'primary'} disabled={run.isPending} onClick={confirm}>
            {pending ? t(`actions.${pending}`) : ''}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
