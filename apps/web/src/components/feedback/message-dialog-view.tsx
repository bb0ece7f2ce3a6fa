import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface MessageDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose: () => void;
  /** Replaces the single close button, e.g. with a button that continues elsewhere. */
  actions?: ReactNode;
}

/** The dialog itself; `message-dialog.tsx` loads it when it first opens. */
export default function MessageDialogView({ open, title, children, onClose, actions }: MessageDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={bodyId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent id={bodyId}>{children}</DialogContent>
      <DialogActions>
        {actions ?? (
          <Button onClick={onClose} autoFocus>
            {t('actions.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
