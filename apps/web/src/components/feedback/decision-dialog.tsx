import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { REASON_REQUIRED_ACTIONS, validateDecisionReason, type DocumentAction } from '@delego/domain';
import { translateIssueCode } from '../../lib/server-messages.ts';

/** Decisions whose comment goes into the document's history. */
const WITH_COMMENT = new Set<DocumentAction>(['accept', 'settle', 'reject', 'returnForCorrection', 'stepBack', 'cancel']);
const DESTRUCTIVE = new Set<DocumentAction>(['reject', 'cancel', 'delete']);

export const isDestructiveAction = (action: DocumentAction): boolean => DESTRUCTIVE.has(action);

interface DecisionDialogProps {
  /** The action asked about; the dialog is open while it is set. */
  action: DocumentAction | null;
  title: string;
  message: string;
  confirmLabel: string;
  isPending: boolean;
  /** Called with the trimmed comment once the reason rule holds (empty when the action takes none). */
  onConfirm: (comment: string) => void;
  onClose: () => void;
}

/**
 * Spec §4: every workflow action is confirmed, decisions with a comment; returning for correction
 * and rejecting need a reason of at least ten characters (the domain's rule, checked again by the server).
 */
export function DecisionDialog({ action, title, message, confirmLabel, isPending, onConfirm, onClose }: DecisionDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  // A new action starts with an empty comment (the dialog stays mounted between actions).
  const [shownFor, setShownFor] = useState(action);
  if (shownFor !== action) {
    setShownFor(action);
    setComment('');
    setTouched(false);
  }
  const withComment = action !== null && WITH_COMMENT.has(action);
  const required = action !== null && REASON_REQUIRED_ACTIONS.includes(action);
  const issue = action ? validateDecisionReason(action, comment)[0] : undefined;

  const confirm = () => {
    if (!action) return;
    if (issue) {
      setTouched(true);
      return;
    }
    onConfirm(withComment ? comment.trim() : '');
  };

  return (
    <Dialog open={action !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
        {withComment && (
          <TextField
            label={required ? t('decision.reason') : t('decision.comment')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            onBlur={() => setTouched(true)}
            required={required}
            error={touched && issue !== undefined}
            helperText={touched && issue ? translateIssueCode(issue.code) : required ? t('decision.reasonHint') : t('decision.commentHint')}
            multiline
            minRows={2}
            fullWidth
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" color={action && DESTRUCTIVE.has(action) ? 'error' : 'primary'} loading={isPending} onClick={confirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
