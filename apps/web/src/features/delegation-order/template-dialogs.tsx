import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import type { DelegationOrderForm } from '@delego/domain';
import type { SavedTemplateDto } from '@delego/contract';
import { enqueueSnackbar } from '../../lib/notifications.tsx';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog.tsx';
import { useDeleteOrderTemplate, useOrderTemplates, useSaveOrderTemplate } from './api/use-delegation-orders.ts';

/** Saves the order being edited as a named template, private or shared with the company (spec §3 "Saved template"). */
export function SaveTemplateDialog({ open, order, onClose }: { open: boolean; order: () => DelegationOrderForm; onClose: () => void }) {
  const { t } = useTranslation('delegation-order');
  const { t: tc } = useTranslation('common');
  const save = useSaveOrderTemplate();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState(false);
  const close = () => {
    setName('');
    setShared(false);
    setError(false);
    onClose();
  };
  const confirm = () => {
    if (!name.trim()) {
      setError(true);
      return;
    }
    save.mutate({ name: name.trim(), is_shared: shared, order: order() }, { onSuccess: () => { enqueueSnackbar(t('templates.saved')); close(); } });
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="save-template-title" fullWidth maxWidth="xs">
      <DialogTitle id="save-template-title">{t('templates.saveAs')}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('templates.name')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setError(false);
          }}
          error={error}
          helperText={error ? t('templates.nameRequired') : undefined}
          required
          fullWidth
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <FormControlLabel control={<Switch checked={shared} onChange={(event) => setShared(event.target.checked)} />} label={t('templates.shared')} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{tc('actions.cancel')}</Button>
        <Button variant="contained" onClick={confirm} disabled={save.isPending}>
          {tc('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Lists my templates and the company's shared ones; starts a new order from one; deletes my own. */
export function TemplatePickerDialog({ open, onPick, onClose }: { open: boolean; onPick: (id: number) => void; onClose: () => void }) {
  const { t } = useTranslation('delegation-order');
  const { t: tc } = useTranslation('common');
  const templates = useOrderTemplates();
  const remove = useDeleteOrderTemplate();
  const [toDelete, setToDelete] = useState<SavedTemplateDto | null>(null);
  return (
    <>
      <Dialog open={open} onClose={onClose} aria-labelledby="pick-template-title" fullWidth maxWidth="sm">
        <DialogTitle id="pick-template-title">{t('templates.startFrom')}</DialogTitle>
        <DialogContent>
          {templates.data?.items.length === 0 && <Typography color="text.secondary">{t('templates.empty')}</Typography>}
          {templates.isError && <Typography color="error">{t('view.loadError')}</Typography>}
          <List aria-label={t('templates.list')}>
            {templates.data?.items.map((template) => (
              <ListItem
                key={template.id}
                disablePadding
                secondaryAction={
                  template.is_mine ? (
                    <IconButton edge="end" aria-label={t('templates.delete', { name: template.name })} onClick={() => setToDelete(template)}>
                      <DeleteIcon />
                    </IconButton>
                  ) : undefined
                }
              >
                <ListItemButton onClick={() => onPick(template.id)}>
                  <ListItemText
                    primary={template.name}
                    secondary={template.is_mine ? (template.is_shared ? t('templates.mineShared') : t('templates.minePrivate')) : t('templates.sharedBy', { name: template.owner.fullName })}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{tc('actions.close')}</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('templates.deleteTitle')}
        message={t('templates.deleteMessage', { name: toDelete?.name ?? '' })}
        confirmLabel={tc('actions.delete')}
        destructive
        isPending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete.id, { onSuccess: () => enqueueSnackbar(t('templates.deleted')), onSettled: () => setToDelete(null) })}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
