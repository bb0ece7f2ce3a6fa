import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { refusalText } from './server-errors.ts';

interface DeleteDialogProps {
  open: boolean;
  title: string;
  question: string;
  /** Known before asking (e.g. the unit still has users): the dialog explains and offers no deletion. */
  refusal?: string | null;
  /** Deletes; rejects with the server's answer when it refuses. */
  onDelete: () => Promise<unknown>;
  onClose: () => void;
  /** What can be done instead when deleting is refused (e.g. disable the contractor). */
  alternative?: { label: string; run: () => Promise<unknown> };
  children?: ReactNode;
}

/**
 * Asks before deleting and shows a refusal right in the dialog, where the user looks, with the
 * alternative the rules allow instead.
 */
export function DeleteDialog({ open, title, question, refusal, onDelete, onClose, alternative, children }: DeleteDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const [serverRefusal, setServerRefusal] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const shownRefusal = refusal ?? serverRefusal;

  const close = () => {
    if (isPending) return;
    setServerRefusal(null);
    onClose();
  };
  const run = async (action: () => Promise<unknown>) => {
    setPending(true);
    try {
      await action();
      setServerRefusal(null);
      onClose();
    } catch (error) {
      setServerRefusal(refusalText(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {shownRefusal ? <Alert severity="warning">{shownRefusal}</Alert> : <DialogContentText>{question}</DialogContentText>}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={isPending}>
          {shownRefusal ? t('actions.close') : t('actions.cancel')}
        </Button>
        {shownRefusal && alternative && (
          <Button variant="contained" onClick={() => void run(alternative.run)} loading={isPending}>
            {alternative.label}
          </Button>
        )}
        {!shownRefusal && (
          <Button variant="contained" color="error" onClick={() => void run(onDelete)} loading={isPending}>
            {t('actions.delete')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
