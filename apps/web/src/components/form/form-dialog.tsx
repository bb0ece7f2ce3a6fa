import { useId, type FormEventHandler, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

interface FormDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isPending: boolean;
  /** A refusal that belongs to no single field, shown above the fields. */
  formError?: string | null;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}

/**
 * A create or edit dialog: a form with its fields, Save and Cancel. Closing while saving is
 * refused, so an answer never arrives to a closed form.
 */
export function FormDialog({ open, title, onClose, onSubmit, isPending, formError, maxWidth = 'sm', children }: FormDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const close = () => {
    if (!isPending) onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && <Alert severity="error">{formError}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isPending}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
